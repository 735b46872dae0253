/** Each proof of the container test: a name, whether it held, and what was seen. */
export interface Proof {
  name: string;
  ok: boolean;
  detail: string;
  seconds: number;
}

export class Proofs {
  readonly list: Proof[] = [];

  /** Runs one proof; a thrown error fails it (its message is the detail). Answers whether it held. */
  async prove(name: string, check: () => Promise<string>): Promise<boolean> {
    const started = performance.now();
    process.stdout.write(`\n-- ${name}\n`);
    try {
      const detail = await check();
      this.record({ name, ok: true, detail, seconds: (performance.now() - started) / 1000 });
      return true;
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      this.record({ name, ok: false, detail, seconds: (performance.now() - started) / 1000 });
      return false;
    }
  }

  skip(name: string, why: string): void {
    this.record({ name, ok: false, detail: `not run: ${why}`, seconds: 0 });
  }

  private record(proof: Proof): void {
    this.list.push(proof);
    process.stdout.write(`   ${proof.ok ? 'PASS' : 'FAIL'} (${proof.seconds.toFixed(1)} s) ${proof.detail}\n`);
  }

  get failed(): number {
    return this.list.filter((p) => !p.ok).length;
  }

  summary(): string {
    const lines = this.list.map((p) => `${p.ok ? 'PASS' : 'FAIL'}  ${p.name}${p.ok ? '' : `\n      ${p.detail.split('\n').join('\n      ')}`}`);
    return ['', '== container test summary', ...lines, `${this.list.length - this.failed} of ${this.list.length} proofs held`].join('\n');
  }
}
