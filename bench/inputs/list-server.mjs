// A bare newline-delimited JSON-RPC server for the proxy benchmark: it reads a `tools` array (JSON
// text) from the file named by its first argument and answers every `tools/list` request with it,
// the id spelled as the request spelled it (and `bench/tools` requests the same way), and every
// other request with an empty result. No SDK, no parsing of the answer: its own cost stays out of
// the comparison.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const tools = readFileSync(process.argv[2], 'utf8');

createInterface({ input: process.stdin }).on('line', (line) => {
  const id = /"id":\s*([^,}]+)/.exec(line)?.[1];
  if (id === undefined) return;
  // `bench/tools` gets the same answer under another method: a proxy passes it on without looking.
  const listed = line.includes('"tools/list"') || line.includes('"bench/tools"');
  const result = listed ? `{"tools":${tools}}` : '{}';
  process.stdout.write(`{"jsonrpc":"2.0","id":${id},"result":${result}}\n`);
});
