/** Nest injection token of the AuthService. */
export const AUTH_SERVICE = Symbol('AuthService');
