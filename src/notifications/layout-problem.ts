/** A custom layout's problem: what and where (`line 3`), for a 400 that says how to mend it. */
export class LayoutProblem extends Error {}
