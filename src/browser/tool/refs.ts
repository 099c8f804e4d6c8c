/**
 * Snapshot refs (e1, e2, ...): short names for elements, keyed by their CDP
 * backendDOMNodeId. An element keeps its ref across snapshots of the same
 * document; a new main-frame document starts again from e1.
 */

export interface RefTarget {
  backendNodeId: number;
  /** Accessibility role and name when the ref was last seen, to notice an element that changed. */
  role: string;
  name: string;
}

export const unknownRef = (ref: string): string => `Unknown ref "${ref}": take a new snapshot`;

export class RefRegistry {
  private byRef = new Map<string, RefTarget>();
  private byNode = new Map<number, string>();
  private next = 1;
  private document: string | undefined;

  /**
   * Tie the refs to the main frame's current document (its loader id).
   * Returns true when the document changed and the refs were dropped.
   */
  sync(documentId: string): boolean {
    if (this.document === documentId) return false;
    const hadDocument = this.document !== undefined;
    this.document = documentId;
    this.byRef.clear();
    this.byNode.clear();
    this.next = 1;
    return hadDocument;
  }

  /** The element's ref, minted on first sight; its role and name are brought up to date. */
  refFor(target: RefTarget): string {
    const known = this.byNode.get(target.backendNodeId);
    const ref = known ?? `e${this.next++}`;
    this.byRef.set(ref, { ...target });
    this.byNode.set(target.backendNodeId, ref);
    return ref;
  }

  get(ref: string): RefTarget | undefined {
    return this.byRef.get(ref);
  }

  refOfNode(backendNodeId: number): string | undefined {
    return this.byNode.get(backendNodeId);
  }

  entries(): [string, RefTarget][] {
    return [...this.byRef.entries()];
  }

  get size(): number {
    return this.byRef.size;
  }
}
