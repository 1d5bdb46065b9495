/** Types of modules.mjs, for the Vitest configuration that imports it. */
export interface MutationModule {
  readonly key: string;
  readonly name: string;
  readonly folder: string;
  readonly tests?: readonly string[];
}
export declare const MODULES: readonly MutationModule[];
export declare function selectedModules(): readonly MutationModule[];
export declare function testsOf(module: MutationModule): string[];
export declare function runName(modules?: readonly MutationModule[]): string;
