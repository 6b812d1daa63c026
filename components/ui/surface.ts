/** The background a component sits on: 'light' (the page) or 'dark' (the brand colour). */
export type Surface = 'light' | 'dark';
