import Sorted from 'sorted-btree';

/**
 * sorted-btree's ordered map. The package is CommonJS with its class on `exports.default`: a
 * bundler hands that class to a default import, Node's own ESM loader the whole exports object,
 * so the class is taken from whichever arrived.
 */
const loaded = Sorted as unknown as { default?: typeof Sorted };
export const BTree: typeof Sorted = loaded.default ?? Sorted;
export type BTree<K, V> = Sorted<K, V>;
