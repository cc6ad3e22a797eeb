/**
 * What a session offers and hears beyond tools: its resources, resource
 * templates and prompts (fetched when the server declares them, refreshed on
 * their list_changed and resources/updated notices), our roots (answered on
 * roots/list, announced on change), and the server's log messages.
 */
import type {
  Client,
  LoggingMessageNotification,
  Prompt,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  Root,
} from "@modelcontextprotocol/client";
import type { ReadableStore } from "../../store.ts";
import type { McpPromptInfo, McpResourceInfo, McpResourceTemplateInfo, ServerFeatures } from "../state/server-state.ts";
import { readPages, type ReadList } from "./list-pages.ts";
import type { McpClient } from "./mcp-client.ts";

type RequestOptions = { signal?: AbortSignal; timeout?: number };
type Lists = Pick<ServerFeatures, "resources" | "resourceTemplates" | "prompts" | "listCuts">;

/** A list the server failed to give counts as empty: its tools still serve. */
const orEmpty = <T>(promise: Promise<ReadList<T>>): Promise<ReadList<T>> => promise.catch(() => ({ items: [] }));

function resourceInfo(resource: Resource): McpResourceInfo {
  const { uri, name, title, description, mimeType } = resource;
  return {
    uri,
    name,
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(mimeType ? { mimeType } : {}),
  };
}

function templateInfo(template: ResourceTemplate): McpResourceTemplateInfo {
  const { uriTemplate, name, title, description, mimeType } = template;
  return {
    uriTemplate,
    name,
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(mimeType ? { mimeType } : {}),
  };
}

function promptInfo(prompt: Prompt): McpPromptInfo {
  return {
    name: prompt.name,
    ...(prompt.title ? { title: prompt.title } : {}),
    description: prompt.description ?? "",
    arguments: (prompt.arguments ?? []).map((arg) => ({
      name: arg.name,
      ...(arg.description ? { description: arg.description } : {}),
      required: arg.required === true,
    })),
  };
}

export async function listResources(client: McpClient, options?: RequestOptions): Promise<ReadList<McpResourceInfo>> {
  const read = await readPages("resources", (cursor) => client.listPage("resources/list", cursor, options));
  return { ...read, items: (read.items as Resource[]).map(resourceInfo) };
}

export async function listResourceTemplates(
  client: McpClient,
  options?: RequestOptions,
): Promise<ReadList<McpResourceTemplateInfo>> {
  const read = await readPages("resource templates", (cursor) =>
    client.listPage("resources/templates/list", cursor, options),
  );
  return { ...read, items: (read.items as ResourceTemplate[]).map(templateInfo) };
}

export async function listPrompts(client: McpClient, options?: RequestOptions): Promise<ReadList<McpPromptInfo>> {
  const read = await readPages("prompts", (cursor) => client.listPage("prompts/list", cursor, options));
  return { ...read, items: (read.items as Prompt[]).map(promptInfo) };
}

/** The lists the server's capabilities promise, fetched together; a missing capability leaves its field out; what the bound cut, in listCuts. */
export async function fetchLists(client: McpClient, options?: RequestOptions): Promise<Lists> {
  const capabilities = client.getServerCapabilities() ?? {};
  const [resources, resourceTemplates, prompts] = await Promise.all([
    capabilities.resources ? orEmpty(listResources(client, options)) : undefined,
    capabilities.resources ? orEmpty(listResourceTemplates(client, options)) : undefined,
    capabilities.prompts ? orEmpty(listPrompts(client, options)) : undefined,
  ]);
  const listCuts = [resources, resourceTemplates, prompts].flatMap((read) => (read?.cut ? [read.cut] : []));
  return {
    ...(resources ? { resources: resources.items } : {}),
    ...(resourceTemplates ? { resourceTemplates: resourceTemplates.items } : {}),
    ...(prompts ? { prompts: prompts.items } : {}),
    ...(listCuts.length > 0 ? { listCuts } : {}),
  };
}

/** What the feature handlers report to. */
export interface FeatureHandlers {
  /** The session's roots; absent: an empty list. */
  roots?: ReadableStore<readonly Root[]>;
  /** A list changed on the server and was fetched again. */
  onListsChanged: (lists: Lists) => void;
  onLogMessage: (message: LoggingMessageNotification["params"]) => void;
}

/** Installs roots/list and the notification handlers; call before connect. */
export function installFeatureHandlers(client: McpClient, handlers: FeatureHandlers): void {
  client.setRequestHandler("roots/list", async () => ({ roots: [...(handlers.roots?.getSnapshot() ?? [])] }));
  const refresh = (fetch: () => Promise<Lists>) => async () => {
    try {
      handlers.onListsChanged(await fetch());
    } catch {
      // A failed refresh keeps the lists we have; a dead server is reported by onclose.
    }
  };
  const resources = refresh(async () => {
    const [list, templates] = await Promise.all([listResources(client), orEmpty(listResourceTemplates(client))]);
    return { resources: list.items, resourceTemplates: templates.items };
  });
  client.setNotificationHandler("notifications/resources/list_changed", resources);
  client.setNotificationHandler("notifications/resources/updated", resources);
  client.setNotificationHandler(
    "notifications/prompts/list_changed",
    refresh(async () => ({ prompts: (await listPrompts(client)).items })),
  );
  client.setNotificationHandler("notifications/message", async (notification) =>
    handlers.onLogMessage(notification.params),
  );
}

/** Tells the server whenever the roots change; returns the unsubscribe. */
export function announceRootChanges(client: Client, roots: ReadableStore<readonly Root[]> | undefined): () => void {
  if (!roots) return () => {};
  return roots.subscribe(() => {
    void client.sendRootsListChanged().catch(() => {});
  });
}
