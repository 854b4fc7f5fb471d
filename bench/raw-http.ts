/**
 * A minimal HTTP/1.1 keep-alive client for load generation: one socket, one request at a time,
 * request bytes written in one call, responses framed by Content-Length only (what the API sends).
 * It exists because the load generator shares the machine's two cores with the server under test:
 * undici's pool cost ~70 us of CPU a request here, this about a third of that, so more of the
 * machine goes to what is measured (as `pgbench`, in C, is light beside PostgreSQL).
 */
import net from 'node:net';

export interface RawResponse {
  status: number;
  body: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');

export class RawHttpClient {
  private socket: net.Socket;
  private buf: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (r: RawResponse) => void; reject: (e: Error) => void } | undefined;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
      this.drain();
    });
    socket.on('error', (err) => this.waiting?.reject(err));
    socket.on('close', () => this.waiting?.reject(new Error('connection closed')));
  }

  static connect(port: number, host = '127.0.0.1'): Promise<RawHttpClient> {
    return new Promise((resolve, reject) => {
      const s = net.connect(port, host, () => resolve(new RawHttpClient(s)));
      s.once('error', reject);
    });
  }

  /** `head` is the request line and headers without the final blank line or Content-Length. */
  request(head: string, body: string): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(`${head}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private drain(): void {
    const end = this.buf.indexOf(HEADER_END);
    if (end < 0 || !this.waiting) return;
    const head = this.buf.toString('latin1', 0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN);
    if (!Number.isFinite(length)) {
      this.waiting.reject(new Error(`response without content-length: ${head.slice(0, 200)}`));
      return;
    }
    const total = end + 4 + length;
    if (this.buf.length < total) return;
    const status = Number(head.slice(9, 12));
    const body = this.buf.toString('utf8', end + 4, total);
    this.buf = this.buf.subarray(total);
    const w = this.waiting;
    this.waiting = undefined;
    w.resolve({ status, body });
  }
}
