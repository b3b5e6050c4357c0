import type { RsbuildPlugin, Rspack } from '@rsbuild/core';

/** A module a remote exposes, and the name of its chunk (the manifest's files are found by it). */
export interface ExposedModule {
  import: string;
  chunk: string;
}

export interface FederationOptions {
  /** The container's name: its global variable, and the share scope's name for its modules. */
  name: string;
  /** A remote's exposed modules by their public path (`./ScanPage`); none for the shell. */
  exposes?: Record<string, ExposedModule>;
  /** The shared singletons it uses (@medaille/federation `sharedSingletons`). */
  shared: Record<string, { singleton: true; requiredVersion: string | false }>;
  /** The pages a page opening on them announces, written into the remote's manifest (writeManifest). */
  pages?: AnnouncedPage[];
}

type ChunkFilter = NonNullable<Rspack.OptimizationSplitChunksOptions['chunks']>;
type Chunk = Rspack.Chunk;

/** A split-chunks filter that keeps the chunks `chunks` selects, but never the container `name`'s own. */
function exceptContainer(name: string, chunks: ChunkFilter | undefined): (chunk: Chunk) => boolean {
  const selected = (chunk: Chunk) => {
    if (chunks === undefined || chunks === 'async') return !chunk.canBeInitial();
    if (chunks === 'all') return true;
    if (chunks === 'initial') return chunk.canBeInitial();
    if (chunks instanceof RegExp) return chunks.test(chunk.name ?? '');
    return chunks(chunk);
  };
  return (chunk) => chunk.name !== name && selected(chunk);
}

/**
 * Module Federation with webpack's container protocol (Rspack's ModuleFederationPluginV1): each build carries
 * the few kilobytes of runtime that share its singletons and load its chunks, and a remote's entry is a
 * container (`init(shareScope)`, `get(module)`) the shell loads itself (hosts/shell/src/remotes.tsx). The
 * federation runtime of Module Federation 2 is left out: it weighed 18 KB (brotli) in the shell's entry, which
 * every scan page loads, for features the product does not use (docs/decisions/0023-federation-containers.md).
 * A remote also gets its `mf-manifest.json`, which the shell and its host read (./manifest.ts).
 */
export function pluginFederation({ name, exposes, shared, pages = [] }: FederationOptions): RsbuildPlugin {
  return {
    name: 'medaille:federation',
    setup(api) {
      // `pnpm dev` builds every chunk at once, as production does: a remote's chunks are asked for by pages of
      // another origin, and the shell's HTML names its own chunks when it is written (build/early-files.ts);
      // rsbuild's default, chunks built when first asked for, has neither.
      api.modifyRsbuildConfig((config) => {
        config.dev = { ...config.dev, lazyCompilation: false };
      });
      api.modifyRspackConfig((config, { rspack }) => {
        config.output ??= {};
        // The chunk-loading global and the share scope's provider are named by it.
        config.output.uniqueName = name;
        // A remote's chunks load from its own origin, found from its container's URL, wherever the page is.
        if (exposes) config.output.publicPath = 'auto';
        // A container's runtime stays in its entry, and its modules too: a container that waited for other
        // initial chunks would be undefined when its file has run.
        if (config.optimization) {
          delete config.optimization.runtimeChunk;
          const { splitChunks } = config.optimization;
          if (splitChunks && exposes) {
            splitChunks.chunks = exceptContainer(name, splitChunks.chunks);
            for (const group of Object.values(splitChunks.cacheGroups ?? {})) {
              if (group && typeof group === 'object')
                group.chunks = exceptContainer(name, group.chunks ?? splitChunks.chunks);
            }
          }
        }
        config.plugins ??= [];
        config.plugins.push(
          new rspack.container.ModuleFederationPluginV1({
            name,
            shared,
            ...(exposes
              ? {
                  filename: `static/js/${name}.[contenthash:10].js`,
                  library: { type: 'var', name },
                  exposes: Object.fromEntries(
                    Object.entries(exposes).map(([path, { import: file, chunk }]) => [
                      path,
                      { import: file, name: chunk },
                    ]),
                  ),
                }
              : {}),
          }),
        );
      });
      if (exposes) writeManifest(api, name, exposes, pages);
    },
  };
}

const MANIFEST_FILE = 'mf-manifest.json';

/** A page of a remote that an HTML page opening on it can announce: its route, its chunk, its data's reads. */
export interface AnnouncedPage {
  /** The route, as @medaille/routing writes it (`/mon-compte/animal/:id`). */
  path: string;
  /** The name of the page's chunk (its import's `webpackChunkName`). */
  chunk: string;
  /**
   * The PostgREST reads the page starts with, as paths from the project's URL (`/rest/v1/…`): `{name}` for one
   * of the route's parameters, `{user}` for the signed-in person's id (manifest.ts `AnnouncedPageFiles`).
   */
  data: string[];
}

/** The JavaScript and the stylesheets among a chunk group's files. */
function byKind(files: Iterable<string>) {
  const list = [...new Set(files)].sort();
  return { js: list.filter((file) => file.endsWith('.js')), css: list.filter((file) => file.endsWith('.css')) };
}

/**
 * Writes the remote's mf-manifest.json, the part of Module Federation 2's manifest the shell and its host read
 * (./manifest.ts `FederationManifest`): the container's file; for each exposed module the files it needs at
 * once (`sync`) and those it may load later (`async`; not the shared modules' own copies, which load only when
 * the shell provides none); and `pages`: for each page, its route, the files of its chunk group and its data's
 * reads, so that the shell's host can announce them in the head of a page that opens on it, instead of the page
 * asking for them once the remote's module has run (on a phone, a round trip and the download of the remote's
 * first files later).
 */
function writeManifest(
  api: Parameters<RsbuildPlugin['setup']>[0],
  name: string,
  exposes: Record<string, ExposedModule>,
  pages: AnnouncedPage[],
): void {
  api.processAssets({ stage: 'report' }, ({ compilation, sources }) => {
    const group = (chunk: string) => {
      const found = compilation.namedChunkGroups.get(chunk);
      if (!found) throw new Error(`the build has no ${chunk} chunk`);
      return found;
    };
    type Group = ReturnType<typeof group>;
    const isSharedFallback = (child: Group) =>
      child.origins.some((origin) => origin.module?.identifier().startsWith('consume shared module'));
    const later = (start: Group) => {
      const files: string[] = [];
      const seen = new Set<Group>();
      const visit = (parent: Group) => {
        for (const child of parent.childrenIterable) {
          if (seen.has(child) || isSharedFallback(child)) continue;
          seen.add(child);
          files.push(...child.getFiles());
          visit(child);
        }
      };
      visit(start);
      return byKind(files);
    };
    const [entry] = group(name)
      .getFiles()
      .filter((file) => file.endsWith('.js'));
    if (!entry) throw new Error(`the build has no ${name} container`);
    const manifest = {
      name,
      metaData: { publicPath: 'auto', remoteEntry: { name: entry, path: '' } },
      exposes: Object.entries(exposes).map(([path, { chunk }]) => {
        const now = byKind(group(chunk).getFiles());
        const then = later(group(chunk));
        return {
          name: path.replace(/^\.\//, ''),
          path,
          assets: { js: { sync: now.js, async: then.js }, css: { sync: now.css, async: then.css } },
        };
      }),
      pages: pages.map(({ path, chunk, data }) => ({ path, ...byKind(group(chunk).getFiles()), data })),
    };
    compilation.emitAsset(MANIFEST_FILE, new sources.RawSource(JSON.stringify(manifest)));
  });
}
