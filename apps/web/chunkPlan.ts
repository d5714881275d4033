import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Fewer files for a signed-in screen's first visit (issue 21).
 *
 * Left to automatic splitting, every set of screens that shares a module gets a chunk of its own: /active fetched 64
 * module files, most under 2 KB. Over HTTP/1.1 a browser asks one file at a time on each of six connections to a
 * host, so a phone on a slow network waits some ten round trips for them (Lighthouse's mobile profile, /active as the
 * trader: LCP 5.0 s with 63 files; 3.6 s with the same code in 9).
 *
 * The build therefore runs twice (`npm run build`). The first, `vite build --mode chunk-plan`, splits automatically
 * and writes nothing but `.chunk-plan.json`: the modules of every chunk that at least two signed-in screens (or the
 * signed-in layout) load and that neither the entry nor a public screen (sign-in, invite) loads. The second,
 * `vite build --mode screens`, puts exactly those modules in one `screens` chunk, which whichever signed-in screen
 * comes first fetches once. The entry, the public screens and each screen's own modules stay as automatic splitting
 * made them, so the first visit to /login is unchanged.
 *
 * Chunks move whole, a lazily loaded module with them (the first queries of /active are also imported by its list):
 * a module left behind while what imports it and what it imports moved would make two chunks import each other, and
 * one of them would run before what it needs.
 */

/** The first build's mode: it writes the plan. */
export const chunkPlanMode = 'chunk-plan';
/** The second build's mode: it follows the plan. A plain `vite build` (the tests, a quick look) splits automatically. */
export const planFollowingMode = 'screens';
/** Where the plan is kept between the two builds and for scripts/page-preloads.mjs (ignored by git). */
export const planPath = new URL('./.chunk-plan.json', import.meta.url).pathname;

/** The page table: the modules it loads lazily are the screens' roots (pages and their first queries). */
const pageTable = /\/src\/app\/screens\.ts$/;
const signedInLayout = /\/src\/app\/layout\/SignedInLayout\.tsx$/;
/** The app's start, which the entry imports once the first paint is done: every page loads what it loads. */
const startup = /\/src\/app\/start\.tsx$/;
/** The public screens' pages: what they load stays out of the shared chunk (their first visit must stay small). */
const publicPages = [/\/features\/auth\/pages\/LoginPage\.tsx$/, /\/features\/invite\/pages\/InvitePage\.tsx$/];

interface PlannedChunk {
  fileName: string;
  /** The chunk's name: a group's (`react`, `libs`) or its first module's. */
  name?: string;
  imports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

/** Chunks reachable from `start` through static imports. */
function closure(start: PlannedChunk, byFile: Map<string, PlannedChunk>): Set<PlannedChunk> {
  const seen = new Set<PlannedChunk>();
  const pending = [start];
  for (let chunk = pending.pop(); chunk !== undefined; chunk = pending.pop()) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) pending.push(imported);
    }
  }
  return seen;
}

/**
 * Libraries every page needs, in chunks of their own so an app release does not invalidate their cache (groups of
 * vite.config.ts). Mantine stays with automatic splitting: grouping it would pull every screen's components (and
 * @mantine/dates) into the first visit.
 */
export const libraryGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
  {
    name: 'libs',
    // clsx is shared with the lazily loaded API reference (/api); named here, it stays in a first-visit chunk
    // instead of becoming a tiny chunk of its own. Vite's preload helper stays with the entry, which needs it to
    // import the app's start: in this group it made the entry load the group before the first paint.
    test: /node_modules[\\/](i18next|react-i18next|@tanstack|clsx)[\\/]/,
    priority: 1,
  },
];
const libraryGroupNames = new Set(libraryGroups.map((group) => group.name));

/**
 * The modules to put in the `start` chunk: what the app's start loads (src/app/start.tsx, which the entry imports
 * after the first paint) beyond the entry and the library groups. Split automatically, the start became some twenty
 * small chunks shared with the screens (a static entry would have held them all, and did before the start moved out).
 */
export function startModules(chunks: PlannedChunk[]): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const start = chunks.find((chunk) => startup.test(chunk.facadeModuleId ?? ''));
  if (!start) return [];
  // What the entry loads stays with it; what the library groups load stays apart too (in the start, a module a
  // library imports would make the library and the start import each other, and the library run first).
  const kept = new Set<PlannedChunk>();
  for (const chunk of chunks) {
    if (chunk.isEntry || libraryGroupNames.has(chunk.name ?? '')) {
      for (const reached of closure(chunk, byFile)) kept.add(reached);
    }
  }
  return [...closure(start, byFile)].filter((chunk) => !kept.has(chunk)).flatMap((chunk) => chunk.moduleIds);
}

/** The modules to put in the `screens` chunk, from the first build's chunks and the page table's lazy imports. */
export function sharedScreenModules(chunks: PlannedChunk[], screenRoots: readonly string[]): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byFacade = new Map(chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk]] : [])));
  const excluded = new Set<PlannedChunk>();
  for (const chunk of chunks) {
    if (chunk.isEntry || startup.test(chunk.facadeModuleId ?? '')) {
      for (const reached of closure(chunk, byFile)) excluded.add(reached);
    }
  }
  const uses = new Map<PlannedChunk, number>();
  for (const root of new Set(screenRoots.map((id) => byFacade.get(id)).filter((chunk) => chunk !== undefined))) {
    const reached = closure(root, byFile);
    const facade = root.facadeModuleId ?? '';
    if (publicPages.some((pattern) => pattern.test(facade))) {
      for (const chunk of reached) excluded.add(chunk);
      continue;
    }
    const always = signedInLayout.test(facade);
    for (const chunk of reached) {
      if (chunk === root) continue;
      uses.set(chunk, always ? Number.POSITIVE_INFINITY : (uses.get(chunk) ?? 0) + 1);
    }
  }
  return [...uses].filter(([chunk, count]) => count >= 2 && !excluded.has(chunk)).flatMap(([chunk]) => chunk.moduleIds);
}

/** The first build's plugin: writes the plan instead of the bundle. */
export function writeChunkPlan(): Plugin {
  return {
    name: 'paydesk:chunk-plan',
    apply: (_, { mode }) => mode === chunkPlanMode,
    generateBundle(_, bundle) {
      const moduleIds = [...this.getModuleIds()];
      const table = moduleIds.find((id) => pageTable.test(id));
      const layout = moduleIds.find((id) => signedInLayout.test(id));
      if (!table || !layout) throw new Error('chunk-plan: src/app/screens.ts or the signed-in layout is missing');
      const roots = [...(this.getModuleInfo(table)?.dynamicallyImportedIds ?? []), layout];
      const chunks: PlannedChunk[] = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                name: output.name,
                imports: output.imports,
                moduleIds: output.moduleIds,
                facadeModuleId: output.isDynamicEntry || output.isEntry ? output.facadeModuleId : null,
                isEntry: output.isEntry,
              },
            ]
          : [],
      );
      const plan: ChunkPlan = { start: startModules(chunks), screens: sharedScreenModules(chunks, roots) };
      writeFileSync(planPath, JSON.stringify(plan));
      for (const name of Object.keys(bundle)) delete bundle[name];
    },
  };
}

/** What the first build decides: the modules of the `start` chunk and of the `screens` chunk. */
export interface ChunkPlan {
  start: string[];
  screens: string[];
}

/** The second build's groups: the planned modules; none in any other build. */
export function screensGroup(mode: string): { name: string; test: (id: string) => boolean; priority: number }[] {
  if (mode !== planFollowingMode) return [];
  if (!existsSync(planPath)) throw new Error(`chunk-plan: no ${planPath}; build with npm run build`);
  const plan = JSON.parse(readFileSync(planPath, 'utf8')) as ChunkPlan;
  const start = new Set(plan.start);
  const screens = new Set(plan.screens);
  return [
    { name: 'start', test: (id) => start.has(id), priority: 0 },
    { name: 'screens', test: (id) => screens.has(id), priority: 0 },
  ];
}
