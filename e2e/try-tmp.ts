import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './support/browsers';
import { startEditingView } from './support/editing-view';
const view = await startEditingView(5301);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(view.address);
  const heading = page.getByRole('textbox', { name: 'South Africa page, section 1, heading' });
  await page.waitForFunction(() => document.getElementById('page-beside-frame')?.getAttribute('aria-busy') === 'false', undefined, { timeout: 15000 });
  console.log('ready');
  await heading.fill('Measured ');
  await page.waitForTimeout(500);
  console.log(await page.locator('#page-beside-page').inputValue());
  const f = page.frames()[1]!;
  console.log(await f.locator('h1,h2,h3').allTextContents());
  for (let i = 0; i < 5; i++) {
    const t = await page.evaluate(() => new Promise<number>((resolve) => {
      const started = performance.now();
      const doc = (document.getElementById('page-beside-frame') as HTMLIFrameElement).contentDocument!;
      const obs = new MutationObserver(() => { obs.disconnect(); resolve(performance.now() - started); });
      obs.observe(doc.documentElement, { subtree: true, childList: true });
      const input = document.activeElement as HTMLInputElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, input.value + 'x');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }));
    console.log('ms', t);
  }
} finally { await browser.close(); await view.stop(); }
