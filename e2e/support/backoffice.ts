import { spawn } from 'node:child_process';
import { generate } from 'otplib';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { authenticatorCode, OPERATOR_PASSWORD, type DemoOperatorEmail } from './authenticator';
import { label, texts, type Language } from './identity';
import type { Stack } from './stack';

/** Signs a demo operator in through the API; answers its token. */
export async function operatorTokenFor(stack: Stack, email: DemoOperatorEmail): Promise<string> {
  const response = await fetch(`${stack.baseUrl}/api/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: OPERATOR_PASSWORD, totpCode: await authenticatorCode(email) }),
  });
  const body = (await response.json()) as { operatorToken?: string };
  if (!response.ok || !body.operatorToken) throw new Error(`Operator sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  return body.operatorToken;
}

/** A back-office call as that operator. */
export async function asOperator<T>(stack: Stack, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.baseUrl}/api/backoffice/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An operator signs in as a person would: e-mail and password, then the authenticator's code. */
export async function operatorSignIn(page: Page, language: Language, email: DemoOperatorEmail): Promise<void> {
  const bo = texts(language, 'backoffice');
  await page.goto('/backoffice/login');
  await page.getByLabel(label(bo('signIn.email'))).fill(email);
  await page.getByLabel(label(bo('signIn.password'))).fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: bo('signIn.continue') }).click();
  await page.getByRole('heading', { name: bo('signIn.codeTitle') }).waitFor();
  await page.getByLabel(label(bo('signIn.code'))).fill(await authenticatorCode(email));
  await page.getByRole('button', { name: bo('signIn.submit') }).click();
  await page.getByRole('heading', { level: 1, name: bo('dashboard.title') }).waitFor();
}

/** Opens the row of a back-office list by its key (a transaction number, a KYC id). */
export async function openRow(page: Page, path: string, key: string): Promise<void> {
  await page.goto(path);
  await page.locator(`[data-testid="bo-row"][data-key="${key}"] a`).first().click();
}

/** Waits for a status badge showing `status`, on the page or within a part of it (a row). */
export async function statusIs(scope: Page | Locator, status: string): Promise<void> {
  await scope.locator(`[data-testid="bo-status"][data-status="${status}"]`).first().waitFor();
}


/** Runs the command an administrator runs on the server, with the server's environment; answers its output. */
export function operatorCreate(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'operator:create', '--', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`operator:create exited with ${code}:\n${output}`))));
  });
}

/** Enrols through a link by the API, as the enrolment page does; answers the operator's token. */
export async function enrolThroughApi(stack: Stack, link: string, password: string): Promise<string> {
  const url = `${stack.baseUrl}/api/backoffice/enrolment/${new URL(link).pathname.split('/').pop()!}`;
  const info = await fetch(url);
  if (!info.ok) throw new Error(`Enrolment link: ${info.status} ${await info.text()}`);
  const { enrolment } = (await info.json()) as { enrolment: { secret: string } };
  const done = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password, totpCode: await generate({ secret: enrolment.secret }) }),
  });
  const body = (await done.json()) as { operatorToken?: string };
  if (!done.ok || !body.operatorToken) throw new Error(`Enrolment failed: ${done.status} ${JSON.stringify(body)}`);
  return body.operatorToken;
}

/** A second admin approves, through the API, the pending invitation of an e-mail address. */
export async function approveInvitation(stack: Stack, adminToken: string, email: string): Promise<void> {
  const pending = await asOperator<{ items: Array<{ id: string; payload: { email?: string } }> }>(stack, adminToken, 'GET', 'approvals?kind=operatorInvite');
  const invitation = pending.items.find((item) => item.payload.email === email.toLowerCase());
  if (!invitation) throw new Error(`No pending invitation of ${email}`);
  await asOperator(stack, adminToken, 'POST', `approvals/${encodeURIComponent(invitation.id)}/approve`, {});
}

/** Enrols through a link as a person does: password twice, then the code of the secret shown. */
export async function enrol(page: Page, language: Language, password: string): Promise<void> {
  const bo = texts(language, 'backoffice');
  await page.getByLabel(label(bo('enrol.password'))).fill(password);
  await page.getByLabel(label(bo('enrol.confirmPassword'))).fill(password);
  const secret = (await page.getByTestId('bo-enrol-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByTestId('bo-totp').fill(await generate({ secret }));
  await page.getByRole('button', { name: bo('enrol.submit') }).click();
  await page.getByRole('heading', { level: 1, name: bo('dashboard.title') }).waitFor();
}
