export function App() {
  return <main className="p-8 text-slate-900 dark:bg-slate-950 dark:text-slate-100">Vaultline</main>;
}
