import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

/**
 * What the editing service's install takes from the repository (docs/deploying.md, "The editing
 * service"): its systemd unit passes `systemd-analyze verify` and keeps the hardening the issue asks
 * for, less what V8's JIT needs; `npm run release:editor` packs the project's files at a commit,
 * with the unit and the nginx block, and nothing built or installed.
 */

const run = promisify(execFile);
const UNIT = 'deploy/editor/private-bank-editor.service';

test('the unit of the editing service passes systemd-analyze verify, unprivileged and hardened', async () => {
  const unit = readFileSync(UNIT, 'utf8');
  // systemd-analyze checks that ExecStart's program exists: NodeSource's /usr/bin/node on the
  // server, which this machine may not have, so the copy checked names the Node running this test.
  const folder = mkdtempSync(path.join(tmpdir(), 'private-bank-editor-unit-'));
  try {
    const copy = path.join(folder, 'private-bank-editor.service');
    writeFileSync(copy, unit.replace('ExecStart=/usr/bin/node ', `ExecStart=${process.execPath} `));
    const verify = await run('systemd-analyze', ['verify', copy]);
    expect(`${verify.stdout}${verify.stderr}`).toBe('');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  const settings = unit.split('\n').filter((line) => /^\w+=/.test(line));
  expect(settings).toEqual(
    expect.arrayContaining([
      'User=private-bank-editor',
      'Group=private-bank-editor',
      'ExecStart=/usr/bin/node --import tsx editor/service/server.ts',
      'Environment=EDITOR_SOCKET=/run/private-bank-editor/editor.sock',
      'Environment=EDITOR_STATE=/var/lib/private-bank-editor',
      'Environment=EDITOR_AUDIT_LOG=/var/log/private-bank-editor/audit.log',
      'Environment=EDITOR_PROXY_SECRET_FILE=/etc/private-bank-editor/proxy-secret',
      'EnvironmentFile=/etc/private-bank-editor/settings',
      'RuntimeDirectory=private-bank-editor',
      'StateDirectory=private-bank-editor',
      'LogsDirectory=private-bank-editor',
      'UMask=0027',
      'CapabilityBoundingSet=',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ProtectHome=yes',
      'PrivateTmp=yes',
      'PrivateDevices=yes',
      'SystemCallFilter=@system-service',
      // The socket, and git's pushes over SSH.
      'RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6',
    ]),
  );
  // V8's JIT writes machine code and runs it: MemoryDenyWriteExecute would stop Node.
  expect(settings.filter((line) => line.startsWith('MemoryDenyWriteExecute'))).toEqual([]);
  expect(settings.filter((line) => line.startsWith('DynamicUser'))).toEqual([]);
});

test("npm run release:editor packs the project's files with the unit and the nginx block, and nothing built or installed", async () => {
  const out = mkdtempSync(path.join(tmpdir(), 'private-bank-editor-release-'));
  try {
    await run('npm', ['run', 'release:editor'], { env: { ...process.env, RELEASE_OUT: out } });
    const [checksum = ''] = readdirSync(out).filter((file) => file.endsWith('.sha256'));
    expect(checksum).toMatch(/^private-bank-editor-[0-9a-f]{12}(-modified)?\.tar\.gz\.sha256$/);
    await run('sha256sum', ['-c', checksum], { cwd: out });
    const archive = checksum.replace(/\.sha256$/, '');
    const name = archive.replace(/\.tar\.gz$/, '');
    const { stdout } = await run('tar', ['-tzf', path.join(out, archive)], {
      maxBuffer: 64 * 1024 ** 2,
    });
    const files = stdout.split('\n').filter(Boolean);
    expect(files.filter((file) => !file.startsWith(`${name}/`))).toEqual([]);
    expect(files).toEqual(
      expect.arrayContaining([
        `${name}/package.json`,
        `${name}/package-lock.json`,
        `${name}/.nvmrc`,
        `${name}/editor/service/server.ts`,
        `${name}/deploy/editor/private-bank-editor.service`,
        `${name}/deploy/editor/nginx-editor.conf.template`,
        `${name}/deploy/editor/nginx-sso.conf`,
      ]),
    );
    expect(
      files.filter((file) =>
        /^[^/]+\/(out|node_modules|release|\.next|deploy\/build)\//.test(file),
      ),
    ).toEqual([]);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
