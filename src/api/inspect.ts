// The hook through which Node's util.inspect (and so console.log) shows an object: a method keyed by
// the registered symbol `nodejs.util.inspect.custom`. Node passes its own inspect function as the
// third argument, so nothing here imports a Node module and the API stays browser-safe.

/** util.inspect's hook: https://nodejs.org/api/util.html#utilinspectcustom */
export const inspectCustom: unique symbol = Symbol.for('nodejs.util.inspect.custom') as never;

/** The part of the options Node passes to an inspectCustom method that is used here. */
export interface InspectOptions {
  depth?: number | null;
  breakLength?: number;
  [option: string]: unknown;
}

/** Node's util.inspect, as passed to an inspectCustom method. */
export type InspectFunction = (value: unknown, options?: InspectOptions) => string;
