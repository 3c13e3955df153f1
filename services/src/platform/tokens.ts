/** Nest injection token for the opened Platform (see platform.ts). */
export const PLATFORM = Symbol('Platform');
