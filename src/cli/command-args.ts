import { parseArgs, type ParseArgsConfig } from 'node:util';

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

type WithHelp<C extends ParseArgsConfig> = C & { options: C['options'] & typeof HELP };
export type CommandArgs<C extends ParseArgsConfig> = ReturnType<typeof parseArgs<WithHelp<C>>>;

/**
 * A command's `parseArgs` with `-h/--help` added. When help is asked (exit code 0) or `complete` finds a required
 * argument missing (exit code 2), it prints `usage` on stdout and gives the exit code instead of the arguments.
 */
export function commandArgs<const C extends ParseArgsConfig>(
  usage: string,
  config: C,
  complete: (parsed: CommandArgs<C>) => boolean = () => true,
): CommandArgs<C> | number {
  const parsed = parseArgs({ ...config, options: { ...config.options, ...HELP } }) as CommandArgs<C>;
  const help = (parsed.values as { help?: boolean }).help === true;
  if (!help && complete(parsed)) return parsed;
  process.stdout.write(`${usage}\n`);
  return help ? 0 : 2;
}

type Options = NonNullable<ParseArgsConfig['options']>;
const ALL = { all: { type: 'boolean', default: false } } as const;
type DocumentsConfig<O extends Options> = { args: string[]; allowPositionals: true; options: O & typeof ALL };

/** A command over `<docId>...|--all`: `commandArgs` with `--all`, complete when it names documents or has --all. */
export function documentsArgs<const O extends Options>(
  usage: string,
  args: string[],
  options: O,
): CommandArgs<DocumentsConfig<O>> | number {
  const config = { args, allowPositionals: true, options: { ...options, ...ALL } } as DocumentsConfig<O>;
  return commandArgs(
    usage,
    config,
    (p) => p.positionals.length > 0 || (p.values as { all?: boolean }).all === true,
  );
}
