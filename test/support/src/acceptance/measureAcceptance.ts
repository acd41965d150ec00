import { checkProviderSchema, type Profile, toProviderSchema } from '@toolschema/core';
import type { CorpusTool } from '../corpora/index.ts';

/** A corpus to measure: a name for the table and its tools as listed. */
export interface AcceptanceCorpus {
  readonly name: string;
  readonly tools: readonly CorpusTool[];
}

/** How many tools of a corpus one profile accepts, as listed and after toolschema. */
export interface ProfileAcceptance {
  /** Tools whose listed schema the profile's rules find no error in. */
  readonly listed: number;
  /** Tools whose `toProviderSchema(schema, profile)` wire schema they find no error in. */
  readonly after: number;
}

/** One corpus's row of the acceptance table. */
export interface AcceptanceRow {
  readonly corpus: string;
  readonly tools: number;
  readonly profiles: Readonly<Partial<Record<Profile, ProfileAcceptance>>>;
}

/**
 * Whether a provider profile's rules find no error in a schema (`portable`: the rules of all
 * five JSON Schema profiles at once).
 *
 * @param schema The schema as it would be sent.
 * @param profile The profile.
 * @returns Whether the provider takes it.
 */
export function accepts(schema: unknown, profile: Profile): boolean {
  return !checkProviderSchema(schema, profile).some((violation) => violation.severity === 'error');
}

/**
 * The wire schema of a tool for a profile, or `undefined` when toolschema refuses the input.
 *
 * @param schema The listed input schema.
 * @param profile The profile.
 * @returns The wire schema.
 */
function wireOf(schema: unknown, profile: Profile): unknown {
  try {
    return toProviderSchema(schema as Record<string, unknown>, profile).schema;
  } catch {
    return undefined;
  }
}

/**
 * Counts, per corpus and profile, the tools a provider accepts as listed and after toolschema
 * (`toProviderSchema` with that profile). The work is one `checkProviderSchema` per tool and
 * profile on each side and one `toProviderSchema` per tool and profile.
 *
 * @param corpora The corpora.
 * @param profiles The profiles, in column order.
 * @returns One row per corpus.
 */
export function measureAcceptance(
  corpora: readonly AcceptanceCorpus[],
  profiles: readonly Profile[],
): AcceptanceRow[] {
  return corpora.map((corpus) => {
    const counts: Partial<Record<Profile, ProfileAcceptance>> = {};
    for (const profile of profiles) {
      let listed = 0;
      let after = 0;
      for (const tool of corpus.tools) {
        if (accepts(tool.inputSchema, profile)) listed++;
        const wire = wireOf(tool.inputSchema, profile);
        if (wire !== undefined && accepts(wire, profile)) after++;
      }
      counts[profile] = { listed, after };
    }
    return { corpus: corpus.name, tools: corpus.tools.length, profiles: counts };
  });
}
