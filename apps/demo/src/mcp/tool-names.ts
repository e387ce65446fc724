/**
 * The MCP tools `guided mcp` serves, by name, in the order `tools/list` gives them: the server
 * registers exactly these (`server.ts`), and `guided mcp --help` names them from here. No import:
 * the command line reads this list without loading the SDK or the retriever.
 */
export const MCP_TOOLS = ['retrieve_tables', 'schema_context', 'describe_table', 'list_tables', 'learn'] as const;

export type McpToolName = (typeof MCP_TOOLS)[number];
