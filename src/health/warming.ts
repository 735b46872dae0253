/**
 * Whether a node that already listens is still warming up (`orator serve` listens first, then warms
 * its threads): `/readyz` answers 503 `warming` until `end()`, so a load balancer or an orchestrator
 * sends traffic to nodes that are ready, while requests that reach this one meanwhile are still
 * served, only slower. A node built without one (tests, benches) is never warming.
 */
export class WarmingState {
  private ended = false;

  get warming(): boolean {
    return !this.ended;
  }

  end(): void {
    this.ended = true;
  }
}

/** The `detail` of `/readyz` while warming: starts with "warming", as probes and people read it. */
export const warmingDetail = 'warming: the synthesis and voice adaptation threads are starting';
