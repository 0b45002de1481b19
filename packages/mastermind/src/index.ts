/**
 * @lightsout/mastermind: [n,k]-Mastermind.
 *
 * @packageDocumentation
 */
export {};
