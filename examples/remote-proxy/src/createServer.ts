import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';

/** A registered type (`.meta({ id })`): SDK v1 lists it once under `definitions`, by `$ref`. */
export const Address = z
  .object({ street: z.string(), city: z.string(), country: z.string().length(2) })
  .meta({ id: 'Address' });

/** The arguments of `ship_parcel`: `Address` twice. */
export const ShipParcelInput = z.object({ from: Address, to: Address, kilograms: z.number() });

/**
 * A small shipping service on the MCP TypeScript SDK v1, as a remote server that knows nothing of
 * toolschema: it lists `"to": { "$ref": "#/definitions/Address" }`.
 *
 * @returns The server, its tool registered.
 */
export function createServer(): McpServer {
  const server = new McpServer({ name: 'toolschema-example-remote', version: '0.0.0' });
  server.registerTool(
    'ship_parcel',
    { description: 'Ship a parcel from one address to another.', inputSchema: ShipParcelInput },
    async (args) => ({
      content: [
        {
          type: 'text',
          text: `${args.kilograms} kg from ${args.from.city} to ${args.to.city}, ${args.to.country}`,
        },
      ],
    }),
  );
  return server;
}
