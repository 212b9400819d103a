/**
 * Records the URLPattern code makes for users (groups, params, a URLPatternInit it returns) get their members as own
 * data properties whatever `Object.prototype` holds.
 */
import { defineData } from "../builtins/data_property.ts";

const objectPrototype = Object.prototype;

/**
 * Sets a group in a groups (or params) record, or a member of an exec() result's URLPatternInit, as an own data
 * property (the built-ins define it). Assigning would not make one where `Object.prototype` has the name: "__proto__"
 * would set the object's prototype, a user's setter would take the value, and a frozen `Object.prototype` (SES's
 * lockdown) makes assigning `constructor` or `toString` throw. Only those names pay for the define.
 */
export function setGroup(groups: Record<string, string | undefined>, name: string, value: string | undefined): void {
  if (name in objectPrototype) {
    defineData(groups, name, value);
  } else groups[name] = value;
}
