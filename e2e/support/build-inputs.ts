/**
 * What a build is made of, for the suite: the list lives with the build (scripts/build/inputs.ts),
 * whose first step reads it too, and which every scratch copy of the project holds.
 */
export { BUILD_INPUTS } from '../../scripts/build/inputs';
