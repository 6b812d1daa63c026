/**
 * A DNS server on 127.0.0.1, inside the test's own process, that knows one name: an A query for it
 * is answered with one IPv4 address, any other query for it with no record, and any other name with
 * NXDOMAIN. It lets a program that looks names up through a DNS server of its choosing (Pebble's
 * validation authority, with -dnsserver) reach a fictional name on this machine, without
 * /etc/hosts. It answers over UDP only, which is all such a resolver asks over for answers this
 * small. Debian's pebble package has a DNS server of its own (pebble-challtestsrv), but it prints
 * nothing once it answers, so a test could only guess when it does; this one answers as soon as
 * its socket is bound.
 */
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

/** DNS's numbers, from RFC 1035: the record types and class asked for, and the answer's codes. */
const TYPE_A = 1;
const CLASS_IN = 1;
const RESPONSE = 0x8000;
const AUTHORITATIVE = 0x0400;
const RECURSION_DESIRED = 0x0100;
const NAME_ERROR = 3;
/** A pointer to the name at offset 12, the question's, which every answer repeats. */
const QUESTION_NAME = 0xc00c;

/** The question of a query: its name (lower case, no final dot), type and class, and where it ends. */
function readQuestion(query: Buffer): { name: string; type: number; end: number } | undefined {
  const labels: string[] = [];
  let offset = 12;
  while (offset < query.length && query[offset] !== 0) {
    const length = query[offset]!;
    labels.push(query.toString('latin1', offset + 1, offset + 1 + length));
    offset += 1 + length;
  }
  // The name's final zero, then its type and class.
  const end = offset + 5;
  if (end > query.length) return undefined;
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(offset + 1), end };
}

/** The answer to a query: the question repeated, then an A record or none. */
function answer(query: Buffer, name: string, address: string): Buffer | undefined {
  if (query.length < 12 || query.readUInt16BE(4) !== 1) return undefined;
  const question = readQuestion(query);
  if (!question) return undefined;
  const known = question.name === name.toLowerCase();
  const answers = known && question.type === TYPE_A ? 1 : 0;
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  const flags =
    RESPONSE |
    AUTHORITATIVE |
    (query.readUInt16BE(2) & RECURSION_DESIRED) |
    (known ? 0 : NAME_ERROR);
  header.writeUInt16BE(flags, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers, 6);
  const record = Buffer.alloc(answers * 16);
  if (answers) {
    record.writeUInt16BE(QUESTION_NAME, 0);
    record.writeUInt16BE(TYPE_A, 2);
    record.writeUInt16BE(CLASS_IN, 4);
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(4, 10);
    Buffer.from(address.split('.').map(Number)).copy(record, 12);
  }
  return Buffer.concat([header, query.subarray(12, question.end), record]);
}

/**
 * Starts the server on a port of 127.0.0.1 that the system picks, free by construction.
 * @param name The one name it knows, such as private-bank.example.com.
 * @param address The IPv4 address it gives that name, such as 127.0.0.1.
 * @returns Its port, and how to stop it.
 */
export async function startOneNameDns(name: string, address: string) {
  const socket = createSocket('udp4');
  socket.on('message', (query, client) => {
    const reply = answer(query, name, address);
    if (reply) socket.send(reply, client.port, client.address);
  });
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  return {
    port: (socket.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
