import type { Profile } from '@toolschema/core';
import type { CorpusTool, ListedValidatorTool } from '../corpora/index.ts';

/** What a library sends for a tool: the schema, and how a valid argument travels (identity but for toolschema). */
export interface Sent {
  readonly schema: unknown;
  readonly encode: (args: unknown) => unknown;
  /**
   * The library's own check of the arguments the model sends, where it has one (Mastra's compat
   * schema): whether it lets them reach the tool.
   */
  readonly validate?: (args: unknown) => Promise<boolean>;
}

/** A library that prepares tool schemas for one provider. */
export interface Library {
  /** How the table names it. */
  readonly name: string;
  /** The provider profile whose rules judge what it sends. */
  readonly profile: Profile;
  /** What it sends for a tool of a corpus (throws where the library throws). */
  readonly send: (tool: CorpusTool, corpus: string) => Promise<Sent>;
}

/** Passes a valid argument as it is (every library but toolschema sends the original shape). */
export const identity = (args: unknown) => args;

/**
 * Whether a corpus tool is a validator tool (with its schema and its valid and invalid arguments).
 *
 * @param tool A corpus tool.
 * @returns Whether it comes from a validator corpus.
 */
export const isValidatorTool = (tool: CorpusTool): tool is ListedValidatorTool =>
  Object.hasOwn(tool, 'valid');
