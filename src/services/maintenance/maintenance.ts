import type { Clock } from '../../clock.js';
import type { SweepRunRepository } from '../../repositories/index.js';
import { RetentionSweep, describeRetention, type RetentionDeps } from './retention-sweep.js';
import { SweepScheduler, type Sweep } from './sweep-scheduler.js';

export interface MaintenanceDeps {
  clock: Clock;
  sweepRuns: SweepRunRepository;
  retention: Omit<RetentionDeps, 'clock'>;
  /** How often the retention sweep runs (RETENTION_SWEEP_SECONDS). */
  retentionPeriodMs: number;
  /** The other services' sweeps (abandoned clones, …). */
  sweeps: Sweep[];
}

/** Where the sweeps report: the process's logger once the server has one (serve sets it). */
export interface MaintenanceLog {
  info(message: string): void;
  error(error: unknown, message: string): void;
}

/** Every maintenance sweep of a process behind one scheduler; started only by roles that do work. */
export interface Maintenance {
  scheduler: SweepScheduler;
  retention: RetentionSweep;
  /** Errors and what each retention run freed are said here; stderr until set. */
  log: MaintenanceLog;
}

export function openMaintenance(deps: MaintenanceDeps): Maintenance {
  const retention = new RetentionSweep({ ...deps.retention, clock: deps.clock });
  const sweeps: Sweep[] = [
    ...deps.sweeps,
    { name: 'retention', scope: 'cluster', periodMs: deps.retentionPeriodMs, run: async () => void (await retention.run()) },
  ];
  const maintenance: Maintenance = {
    retention,
    scheduler: new SweepScheduler({ sweeps, gate: deps.sweepRuns, clock: deps.clock, onError: (error, sweep) => maintenance.log.error(error, `maintenance sweep ${sweep} failed`) }),
    log: { info: () => {}, error: (error, message) => console.error(`${message}:`, error) },
  };
  retention.listeners.push((report) => {
    const line = describeRetention(report);
    if (line) maintenance.log.info(line);
  });
  return maintenance;
}
