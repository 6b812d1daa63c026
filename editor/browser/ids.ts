/** The ids the view gives the elements of a field, which labels, messages and the focus name. */
import { fieldName } from '../../scripts/build/field-name';
import type { FieldPath } from './api';

/** An element id for a field: its name with everything but letters and digits as dashes. */
export const idOf = (path: FieldPath | string) =>
  `field-${(typeof path === 'string' ? path : fieldName(path)).replace(/[^A-Za-z0-9]+/g, '-')}`;
