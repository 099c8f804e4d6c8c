/**
 * Snapshot refs: short names for elements, keyed by their CDP backendDOMNodeId,
 * in the two kinds the tool spec names. "role" refs (e1, e2, ..., the default)
 * stand for an element with a role and name: one whose role or name changed is
 * refused ("take a new snapshot"). "aria" refs (ax1, ax2, ...) are bound to the
 * element itself, whatever its name becomes. An element keeps its ref across
 * snapshots of the same document; a new main-frame document starts again from 1.
 */

export type RefKind = 'role' | 'aria';

export interface RefTarget {
  backendNodeId: number;
  /** Accessibility role and name when the ref was last seen, to notice an element that changed. */
  role: string;
  name: string;
  /** Default "role". */
  kind?: RefKind;
  /** Read from the DOM (visible content of an aria-hidden container): the accessibility tree does not have it. */
  dom?: boolean;
}

const PREFIX: Record<RefKind, string> = { role: 'e', aria: 'ax' };

export const unknownRef = (ref: string): string => `Unknown ref "${ref}": take a new snapshot`;

export class RefRegistry {
  private byRef = new Map<string, RefTarget>();
  private byNode = { role: new Map<number, string>(), aria: new Map<number, string>() };
  private next = { role: 1, aria: 1 };
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
    this.byNode = { role: new Map(), aria: new Map() };
    this.next = { role: 1, aria: 1 };
    return hadDocument;
  }

  /** The element's ref, minted on first sight; its role and name are brought up to date. */
  refFor(target: RefTarget): string {
    const kind = target.kind ?? 'role';
    const known = this.byNode[kind].get(target.backendNodeId);
    const ref = known ?? `${PREFIX[kind]}${this.next[kind]++}`;
    this.byRef.set(ref, { ...target });
    this.byNode[kind].set(target.backendNodeId, ref);
    return ref;
  }

  get(ref: string): RefTarget | undefined {
    return this.byRef.get(ref);
  }

  refOfNode(backendNodeId: number, kind: RefKind = 'role'): string | undefined {
    return this.byNode[kind].get(backendNodeId);
  }

  entries(): [string, RefTarget][] {
    return [...this.byRef.entries()];
  }

  get size(): number {
    return this.byRef.size;
  }
}
