export interface BuildTarget {
  name: 'web' | 'server';
  label: string;
  /** Files and folders, relative to the repository's root, whose contents the build reads. */
  inputs: string[];
  outputs: string[];
  stamp: string;
}
export declare const TARGETS: BuildTarget[];
export declare function fingerprint(target: BuildTarget, base?: string): string;
export declare function isFresh(target: BuildTarget, print?: string): boolean;
