// Mantine's ColorSchemeScript, which the page's CSP refuses inline: the kept theme, else the system's.
try {
  var s = localStorage.getItem('mantine-color-scheme-value');
  if (s !== 'light' && s !== 'dark') s = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', s);
} catch (e) {}
