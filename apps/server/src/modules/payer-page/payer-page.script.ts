/**
 * The payer's page's one script (DESIGN §20), served as /payer-page.js under `script-src 'self'`: copy buttons beside
 * the amount, the card or phone; the timer counting down each second; the page's state polled every five seconds and
 * the page reloaded when it changes; the appeal's time zone from the browser. Everything works without it.
 */
export const pageScript = `(() => {
  const main = document.querySelector('main[data-state]');
  if (!main) return;
  const data = main.dataset;
  for (const target of document.querySelectorAll('[data-copy]')) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy';
    button.textContent = data.copyLabel;
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(target.dataset.copy);
        button.textContent = data.copiedLabel;
        setTimeout(() => { button.textContent = data.copyLabel; }, 1500);
      } catch {}
    });
    (target.closest('p, dd') ?? target).append(button);
  }
  const poll = async () => {
    try {
      const answer = await fetch(data.statusUrl, { headers: { accept: 'application/json' }, cache: 'no-store' });
      if (answer.ok && (await answer.json()).data?.state !== data.state) location.reload();
    } catch {}
  };
  const timer = document.querySelector('time[data-seconds]');
  if (timer) {
    const end = Date.now() + Number(timer.dataset.seconds) * 1000;
    const tick = () => {
      const left = Math.max(0, Math.round((end - Date.now()) / 1000));
      timer.textContent = String(Math.floor(left / 60)).padStart(2, '0') + ':' + String(left % 60).padStart(2, '0');
      return left;
    };
    const every = setInterval(() => { if (tick() === 0) { clearInterval(every); poll(); } }, 1000);
  }
  if (data.poll === '1') setInterval(poll, 5000);
  for (const input of document.querySelectorAll('input[name=tz_offset]')) input.value = String(-new Date().getTimezoneOffset());
})();
`;
