/**
 * What the MCP server answers for a message it cannot take, before the SDK sees it: JSON-RPC's
 * own errors, each one line. The SDK's stdio reader drops a line that is not a valid message with
 * no answer at all, and its request handlers answer params their schema refuses with -32603 and
 * zod's many-line report: here a line that is not JSON is -32700, a message that is no JSON-RPC
 * 2.0 request, notification or response -32600 (with its id when it has a usable one), and a
 * known method's params its schema refuses -32602, naming the field. A notification is never
 * answered, even a malformed one (JSON-RPC: it asks for no answer).
 */
import {
  ClientRequestSchema,
  ErrorCode,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

type RequestId = string | number;

/** The outcome for one parsed value: a message for the server, an error to send back, or nothing (a notification). */
export type Checked = { message: JSONRPCMessage } | { reply: JSONRPCErrorResponse } | { ignore: string };

export function jsonRpcError(code: number, message: string, id: RequestId | null): JSONRPCErrorResponse {
  // The SDK's type wants an id; JSON-RPC answers with null when the request's could not be read.
  return { jsonrpc: '2.0', id: id as RequestId, error: { code, message: message.split('\n')[0] ?? message } };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The id to answer with: the message's own when it is a string or a number, else null. */
function idOf(value: Record<string, unknown>): RequestId | null {
  return typeof value.id === 'string' || typeof value.id === 'number' ? value.id : null;
}

/** zod's first issue, as `field: what was wrong` on one line. */
function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }, top: string): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.map(String).join('.') || top;
  return `${path}: ${issue.message.replace(/^Invalid input: /, '').split('\n')[0]}`;
}

/** The request schema of each method the server knows, for its params. */
const REQUEST_SCHEMAS = new Map(ClientRequestSchema.options.map((schema) => [schema.shape.method.value as string, schema]));

/** Checks one value read from the client (a parsed line, or an HTTP body's message). */
export function checkMessage(value: unknown): Checked {
  if (Array.isArray(value))
    return { reply: jsonRpcError(ErrorCode.InvalidRequest, 'invalid request: batches are not supported; send one message a line', null) };
  if (!isObject(value)) return { reply: jsonRpcError(ErrorCode.InvalidRequest, 'invalid request: expected a JSON-RPC 2.0 object', null) };
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (!parsed.success) {
    if (typeof value.method === 'string' && !('id' in value)) {
      return {
        ignore: `a malformed notification (${firstIssue(JSONRPCNotificationSchema.safeParse(value).error ?? parsed.error, 'message')})`,
      };
    }
    const why =
      'method' in value
        ? firstIssue(JSONRPCRequestSchema.safeParse(value).error ?? parsed.error, 'message')
        : 'expected a method (a request or notification), or a result or error with an id (a response)';
    return { reply: jsonRpcError(ErrorCode.InvalidRequest, `invalid request: ${why}`, idOf(value)) };
  }
  const message = parsed.data;
  if ('method' in message && 'id' in message) {
    const schema = REQUEST_SCHEMAS.get(message.method);
    const params = schema?.safeParse(message);
    if (params && !params.success)
      return {
        reply: jsonRpcError(
          ErrorCode.InvalidParams,
          `invalid params for ${message.method}: ${firstIssue(params.error, 'params')}`,
          message.id,
        ),
      };
  }
  return { message };
}
