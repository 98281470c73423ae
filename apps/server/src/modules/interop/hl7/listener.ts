/**
 * The HL7 listeners of this process (docs/interop.md "Listener"): one TCP port per hospital, as its
 * settings say (`/v1/his`: the HL7 switch on and a listen port), opened and closed as the settings
 * change (checked every few seconds, and at once after a change made through this process). Each
 * connection's messages are handled one after another in the order they came, each answered with
 * its ACK before the next is read — the order a HIS relies on for one patient's admit, transfer and
 * discharge. Two hospitals naming the same port: the first (by id) gets it, the other shows why not.
 */
import net from 'node:net';
import { HL7_MAX_MESSAGE_BYTES } from '@glucocare/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { settings, tenants } from '../../../db/schema';
import { databaseOutages } from '../../../lib/outage-log';
import { SETTINGS } from '../../settings/service';
import { oversizedAck, receiveMessage } from './inbound';
import { MllpDecoder, mllpFrame } from './mllp';

interface Listener {
  tenantId: string;
  port: number;
  server: net.Server | null;
  listening: boolean;
  /** a message key or the system's error code */
  error: string | null;
  sockets: Set<net.Socket>;
}

export interface ListenerState {
  port: number | null;
  listening: boolean;
  error: string | null;
}

/** What each hospital asks for: the HL7 switch on and a listen port. */
async function wantedPorts(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ tenantId: settings.tenantId, value: settings.value })
    .from(settings)
    .innerJoin(tenants, and(eq(tenants.id, settings.tenantId), eq(tenants.isActive, true)))
    .where(eq(settings.key, 'his.interface'));
  const wanted = new Map<string, number>();
  for (const row of rows.sort((a, b) => a.tenantId.localeCompare(b.tenantId))) {
    const parsed = SETTINGS['his.interface'].schema.safeParse(row.value);
    if (parsed.success && parsed.data.enable && parsed.data.listenPort)
      wanted.set(row.tenantId, parsed.data.listenPort);
  }
  return wanted;
}

export class Hl7Listeners {
  private readonly listeners = new Map<string, Listener>();
  private timer: NodeJS.Timeout | null = null;
  private reconciling: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date,
    private readonly host: string,
  ) {}

  /** Opens the listeners the settings ask for, then checks again every `intervalMs`. */
  async start(intervalMs: number): Promise<void> {
    this.closed = false;
    await this.reconcile();
    if (intervalMs > 0 && !this.timer) {
      this.timer = setInterval(() => void this.reconcile().catch(() => {}), intervalMs);
      this.timer.unref();
    }
  }

  /** Brings the listeners in line with the settings (one reconciliation at a time). */
  reconcile(): Promise<void> {
    this.reconciling = this.reconciling
      .then(() => this.reconcileNow())
      .catch((error) => {
        if (!databaseOutages.failure(this.log, 'hl7 reconcile', error)) {
          this.log.warn({ err: error }, 'HL7 listeners: the settings could not be read');
        }
      });
    return this.reconciling;
  }

  private async reconcileNow(): Promise<void> {
    if (this.closed) return;
    const wanted = await wantedPorts(this.db);
    for (const [tenantId, listener] of this.listeners) {
      if (wanted.get(tenantId) !== listener.port) await this.stop(tenantId);
    }
    const taken = new Map<number, string>();
    for (const [tenantId, port] of wanted) {
      const holder = taken.get(port);
      if (holder) {
        this.listeners.set(tenantId, {
          tenantId,
          port,
          server: null,
          listening: false,
          error: 'interop.listener.portShared',
          sockets: new Set(),
        });
        continue;
      }
      taken.set(port, tenantId);
      const current = this.listeners.get(tenantId);
      if (current?.listening || current?.server) continue;
      if (current && !current.server) this.listeners.delete(tenantId);
      await this.open(tenantId, port);
    }
  }

  private open(tenantId: string, port: number): Promise<void> {
    const listener: Listener = {
      tenantId,
      port,
      server: null,
      listening: false,
      error: null,
      sockets: new Set(),
    };
    this.listeners.set(tenantId, listener);
    const server = net.createServer((socket) => this.connection(listener, socket));
    listener.server = server;
    return new Promise((resolve) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        listener.listening = false;
        listener.server = null;
        listener.error =
          error.code === 'EADDRINUSE' ? 'interop.listener.portInUse' : (error.code ?? error.message);
        this.log.warn({ tenantId, port, err: error }, 'HL7 listener could not open its port');
        server.close();
        resolve();
      });
      server.listen({ port, host: this.host }, () => {
        listener.listening = true;
        listener.error = null;
        this.log.info({ tenantId, port }, 'HL7 listener open');
        resolve();
      });
    });
  }

  private connection(listener: Listener, socket: net.Socket) {
    listener.sockets.add(socket);
    socket.setNoDelay(true);
    socket.setTimeout(10 * 60_000, () => socket.end());
    const decoder = new MllpDecoder(HL7_MAX_MESSAGE_BYTES);
    const peer = `${socket.remoteAddress ?? ''}:${socket.remotePort ?? ''}`;
    // one message at a time per connection, answered in order
    let queue: Promise<void> = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      for (const frame of decoder.push(chunk)) {
        queue = queue.then(async () => {
          const now = this.clock();
          let ack: string;
          if (frame.kind === 'oversized') ack = oversizedAck(listener.tenantId, now);
          else {
            try {
              const outcome = await receiveMessage(
                { db: this.db, tenantId: listener.tenantId, facility: listener.tenantId, peer, now },
                frame.bytes.toString('utf8'),
              );
              ack = outcome.ack;
            } catch (error) {
              this.log.error({ err: error, tenantId: listener.tenantId }, 'HL7 message not recorded');
              if (process.env.HL7_DEBUG) console.error((error as Error).cause ?? error);
              ack = (error as { ack?: string }).ack ?? oversizedAck(listener.tenantId, now);
            }
          }
          if (!socket.destroyed) socket.write(mllpFrame(ack));
        });
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => listener.sockets.delete(socket));
  }

  private async stop(tenantId: string): Promise<void> {
    const listener = this.listeners.get(tenantId);
    this.listeners.delete(tenantId);
    if (!listener?.server) return;
    for (const socket of listener.sockets) socket.destroy();
    await new Promise<void>((resolve) => listener.server!.close(() => resolve()));
    this.log.info({ tenantId, port: listener.port }, 'HL7 listener closed');
  }

  state(tenantId: string): ListenerState {
    const listener = this.listeners.get(tenantId);
    return listener
      ? { port: listener.port, listening: listener.listening, error: listener.error }
      : { port: null, listening: false, error: null };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.reconciling;
    for (const tenantId of [...this.listeners.keys()]) await this.stop(tenantId);
  }
}
