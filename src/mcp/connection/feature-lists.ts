/**
 * What a session offers and hears beyond tools: its resources, resource
 * templates and prompts (fetched when the server declares them, refreshed on
 * their list_changed and resources/updated notices), our roots (answered on
 * roots/list, announced on change), and the server's log messages.
 */
import type { Client, LoggingMessageNotification, Prompt, Resource, ResourceTemplateType as ResourceTemplate, Root } from "@modelcontextprotocol/client";
import type { ReadableStore } from "../../store.ts";
import type { McpPromptInfo, McpResourceInfo, McpResourceTemplateInfo, ServerFeatures } from "../state/server-state.ts";

/** Like tools/list: a server that paginates forever is cut off. */
const MAX_PAGES = 100;

type RequestOptions = { signal?: AbortSignal; timeout?: number };
type Lists = Pick<ServerFeatures, "resources" | "resourceTemplates" | "prompts">;

async function allPages<T>(fetch: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetch(cursor);
    items.push(...result.items);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return items;
}

/** A list the server failed to give counts as empty: its tools still serve. */
const orEmpty = <T>(promise: Promise<T[]>): Promise<T[]> => promise.catch(() => []);

function resourceInfo(resource: Resource): McpResourceInfo {
  const { uri, name, title, description, mimeType } = resource;
  return { uri, name, ...(title ? { title } : {}), ...(description ? { description } : {}), ...(mimeType ? { mimeType } : {}) };
}

function templateInfo(template: ResourceTemplate): McpResourceTemplateInfo {
  const { uriTemplate, name, title, description, mimeType } = template;
  return { uriTemplate, name, ...(title ? { title } : {}), ...(description ? { description } : {}), ...(mimeType ? { mimeType } : {}) };
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

export async function listResources(client: Client, options?: RequestOptions): Promise<McpResourceInfo[]> {
  const all = await allPages(async (cursor) => {
    const result = await client.listResources(cursor === undefined ? undefined : { cursor }, { ...options, cacheMode: "refresh" });
    return { items: result.resources, nextCursor: result.nextCursor };
  });
  return all.map(resourceInfo);
}

export async function listResourceTemplates(client: Client, options?: RequestOptions): Promise<McpResourceTemplateInfo[]> {
  const all = await allPages(async (cursor) => {
    const result = await client.listResourceTemplates(cursor === undefined ? undefined : { cursor }, { ...options, cacheMode: "refresh" });
    return { items: result.resourceTemplates, nextCursor: result.nextCursor };
  });
  return all.map(templateInfo);
}

export async function listPrompts(client: Client, options?: RequestOptions): Promise<McpPromptInfo[]> {
  const all = await allPages(async (cursor) => {
    const result = await client.listPrompts(cursor === undefined ? undefined : { cursor }, { ...options, cacheMode: "refresh" });
    return { items: result.prompts, nextCursor: result.nextCursor };
  });
  return all.map(promptInfo);
}

/** The lists the server's capabilities promise, fetched together; a missing capability leaves its field out. */
export async function fetchLists(client: Client, options?: RequestOptions): Promise<Lists> {
  const capabilities = client.getServerCapabilities() ?? {};
  const [resources, resourceTemplates, prompts] = await Promise.all([
    capabilities.resources ? orEmpty(listResources(client, options)) : undefined,
    capabilities.resources ? orEmpty(listResourceTemplates(client, options)) : undefined,
    capabilities.prompts ? orEmpty(listPrompts(client, options)) : undefined,
  ]);
  return {
    ...(resources ? { resources } : {}),
    ...(resourceTemplates ? { resourceTemplates } : {}),
    ...(prompts ? { prompts } : {}),
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
export function installFeatureHandlers(client: Client, handlers: FeatureHandlers): void {
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
    return { resources: list, resourceTemplates: templates };
  });
  client.setNotificationHandler("notifications/resources/list_changed", resources);
  client.setNotificationHandler("notifications/resources/updated", resources);
  client.setNotificationHandler("notifications/prompts/list_changed", refresh(async () => ({ prompts: await listPrompts(client) })));
  client.setNotificationHandler("notifications/message", async (notification) => handlers.onLogMessage(notification.params));
}

/** Tells the server whenever the roots change; returns the unsubscribe. */
export function announceRootChanges(client: Client, roots: ReadableStore<readonly Root[]> | undefined): () => void {
  if (!roots) return () => {};
  return roots.subscribe(() => {
    void client.sendRootsListChanged().catch(() => {});
  });
}
