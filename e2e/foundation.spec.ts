// Proves the foundation end to end in Chromium: the home page loads without CSP violations, the
// language switches to Russian and back (with reload and translated title), and unknown paths show 404.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe';
import { screenshot, startStack, type Stack } from './support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

it('serves the home page and the health check on one port', async () => {
  const health = await fetch(`${stack.baseUrl}/api/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', database: { kind: 'pglite', ready: true } });

  const { page, problems } = await stack.newPage();
  await page.goto('/');
  await page.getByRole('group', { name: 'Language' }).waitFor();
  expect(await page.title()).toContain('Meridian Bank');
  expect(problems).toEqual([]);
});

it('switches the language to Russian and back, reloading the page', async () => {
  const { page, problems } = await stack.newPage({ language: 'en' });
  await page.goto('/');
  await page.getByRole('button', { name: 'RU' }).waitFor();
  const englishTitle = await page.title();
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'RU' }).click()]);
  await page.getByRole('group', { name: 'Язык' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ru');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
  expect(await page.title()).not.toBe(englishTitle);
  expect(await page.title()).toContain('Меридиан Банк');
  await screenshot(page, 'foundation-home-ru');

  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'EN' }).click()]);
  await page.getByRole('group', { name: 'Language' }).waitFor();
  expect(await page.title()).toBe(englishTitle);
  expect(problems).toEqual([]);
});

it('shows 404 - Page Not Found on an unknown path, in both languages', async () => {
  const { page } = await stack.newPage();
  await page.goto('/no/such/page');
  await page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor();
  expect(await page.title()).toContain('404 - Page Not Found');

  await page.goto('/no/such/page?lng=ru');
  await page.getByRole('heading', { name: '404 - Страница не найдена' }).waitFor();
});

it('answers unknown API paths with JSON, not the web app', async () => {
  const response = await fetch(`${stack.baseUrl}/api/nothing-here`);
  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
});

it('has no serious accessibility violations on the 404 page', async () => {
  const { page } = await stack.newPage();
  await page.goto('/missing');
  await page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
});
