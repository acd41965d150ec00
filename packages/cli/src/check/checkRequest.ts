import { checkProviderTools, type Profile, type Violation } from '@toolschema/core';

/**
 * What `toolschema check` says of all the tools sent together under one profile: the limits a
 * provider puts on one request (`checkProviderTools`), which no row of a single tool shows.
 */
export interface RequestRow {
  /** The provider profile. */
  profile: Profile;
  /** Whether one request may carry every tool as listed. */
  acceptedAsListed: boolean;
  /** Whether one request may carry every tool as toolschema makes it for the profile. */
  acceptedAfter: boolean;
  /**
   * The request limits (severity `error`) the tools as toolschema makes them still exceed.
   * Pointers are RFC 6901 into the list of tools, in the order listed (`/20`,
   * `/3/inputSchema/properties/a`).
   */
  remaining: Violation[];
}

function errorsOf(schemas: readonly unknown[], profile: Profile): Violation[] {
  return checkProviderTools(
    schemas.map((inputSchema) => ({ inputSchema })),
    profile,
  ).filter((violation) => violation.severity === 'error');
}

/**
 * Checks the tools of one request under one profile, as listed and as rewritten: Claude's strict
 * tools, for one, allow at most 20 tools, 24 optional and 16 union parameters per request.
 *
 * @param profile The provider profile.
 * @param listed Each tool's input schema as listed, in order.
 * @param wire Each tool's input schema as toolschema makes it for the profile, in order.
 * @returns The request's row.
 */
export function checkRequest(
  profile: Profile,
  listed: readonly unknown[],
  wire: readonly unknown[],
): RequestRow {
  const remaining = errorsOf(wire, profile);
  return {
    profile,
    acceptedAsListed: errorsOf(listed, profile).length === 0,
    acceptedAfter: remaining.length === 0,
    remaining,
  };
}
