/** The id of every page's main landmark, the skip link's target: a link may name it after `#`. */
export const MAIN_ID = 'main';
