// Types of github-tools.mjs, for the TypeScript tests that load the same corpus.

/** GitHub's OpenAPI description, as read from `@octokit/openapi`. */
export function loadGithubOpenApi(): { document: unknown; bytes: number; name: string };

/** One tool per operation: its input schema and, when it has a JSON success body, its output schema. */
export function buildToolSchemas(
  document: unknown,
): { name: string; input: Record<string, unknown>; output: Record<string, unknown> | undefined }[];
