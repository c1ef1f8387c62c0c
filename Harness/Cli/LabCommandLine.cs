using System.CommandLine;
using System.CommandLine.Help;
using System.CommandLine.Parsing;
using EventCommitLab.Harness.Stores;
using EventCommitLab.Harness.Suites;

namespace EventCommitLab.Harness.Cli;

/// <summary>
/// The harness's command line, built with System.CommandLine: the main job (the root command, the grid's options), one
/// command per verb with its own options, the stores' options (each store module contributes its own) on every verb
/// that starts a store. Help is generated from it; a bad command line is refused in one line that names the option,
/// the value and what is valid.
/// </summary>
internal static class LabCommandLine
{
    private static readonly Option<string> Store = LabOption.Of(
        "--store", "NAME", "store to run on", (o, v) => OptionValues.OneOf(o, v, [.. StoreCatalog.Names]));

    private static readonly Option<string> Out = LabOption.Text("--out", "DIR", "results folder [results/<date>-<label>]");

    private static readonly Option<string> Label = LabOption.Text("--label", "TEXT", "names the results folder [the store and the job or suite]");

    /// <summary>The suites <c>suite NAME</c> runs (the others' verbs stand alone, as <c>faults</c>).</summary>
    public static IReadOnlyList<string> Suites => [.. SuiteCatalog.All.Where(s => s.UnderSuiteGroup).Select(s => s.Name)];

    /// <summary>The command line as a run's header shows it, to be run again as it is.</summary>
    public static string Echo(IReadOnlyList<string> args) =>
        "dotnet run -c Release --project Harness" + (args.Count > 0 ? " -- " + string.Join(' ', args) : "");

    /// <exception cref="ArgumentException">The command line is refused; the message is the one line to show.</exception>
    public static HarnessOptions Parse(IReadOnlyList<string> args, HarnessOptions defaults)
    {
        ArgumentNullException.ThrowIfNull(defaults);
        var result = Build().Parse(args, new ParserConfiguration { ResponseFileTokenReplacer = null });
        if (result.Action is HelpAction)
        {
            return defaults with { ShowHelp = true };
        }

        if (result.UnmatchedTokens.Count > 0 || result.Errors.Count > 0 || IsSuiteGroup(result.CommandResult.Command))
        {
            throw Refusal(result);
        }

        var command = result.CommandResult.Command;
        if (command.Options.FirstOrDefault(o => result.GetResult(o) is { IdentifierTokenCount: > 1 }) is { } repeated)
        {
            throw new ArgumentException($"{repeated.Name} is given more than once; give it once (a list is one value, comma-separated).");
        }

        if (command is LabVerb { StartsStore: false } tool)
        {
            return tool.Bind(result, defaults);
        }

        var options = BindStore(result, defaults);
        options = result.Given(Out, out var folder) ? options with { Out = folder } : options;
        options = result.Given(Label, out var label) ? options with { Label = label } : options;
        options = GridOptions.Bind(result, options);
        if (command is LabVerb verb)
        {
            options = verb.Bind(result, options);
            if (options.Durabilities is { Count: > 1 })
            {
                throw new ArgumentException($"{PathOf(command)}: --durability (--write-concern) takes one value here; only the main job runs several.");
            }
        }

        return options.Validated();
    }

    /// <summary>Writes the help of the command the arguments name (the main job's when they name none).</summary>
    public static void WriteHelp(IReadOnlyList<string> args, TextWriter output)
    {
        // The catalogs' names are read when the help is written, so that it names what the catalogs hold now. (The
        // library's help builder cannot be customised from outside, so the two descriptions are set here.)
        GridOptions.Strategies.Description = GridOptions.StrategiesDescription();
        Store.Description = $"store to run on: {string.Join(", ", StoreCatalog.Names)} [{StoreCatalog.All[0].Name}]";
        Build().Parse([.. args.Where(a => a is not ("--help" or "-h" or "-?")), "--help"]).Invoke(new InvocationConfiguration { Output = output });
    }

    private static RootCommand Build()
    {
        var root = new RootCommand(
            "The event-commit lab: measures how events are committed to a database, strategy by strategy, over a grid of events per " +
            "commit x concurrent committers, verifies every log it wrote, and writes the verdict to results/. With no verb: the main job.")
        {
            HelpName = "dotnet run -c Release --project Harness --",
        };
        foreach (var version in root.Options.OfType<VersionOption>().ToList())
        {
            root.Options.Remove(version);
        }

        // The main job runs when no verb is named: the root is a command of its own, not a group that needs one.
        root.SetAction(_ => 0);

        AddRunning(root, GridOptions.All);
        var suite = new Command(SuiteGroup, "the suites that measure beside the main grid, each on its own workload");
        foreach (var registration in SuiteCatalog.All)
        {
            var verb = registration.Verb();
            AddRunning(verb, []);
            (registration.UnderSuiteGroup ? suite : root).Subcommands.Add(verb);
        }

        root.Subcommands.Add(suite);

        root.Subcommands.Add(CompareCommand.Verb);
        root.Subcommands.Add(ReportCommand.Verb);
        root.Subcommands.Add(IndexCommand.Verb);
        root.Subcommands.Add(StallsCommand.Verb);
        root.Subcommands.Add(PlanFitCommand.Verb);
        root.Subcommands.Add(ListCommand.Verb);
        return root;
    }

    // A command that starts a store: its own options first, then the store's and the results folder's.
    private static void AddRunning(Command command, IEnumerable<Option> own)
    {
        foreach (var option in own.Append(Store).Append(Out).Append(Label).Concat(StoreCatalog.All.SelectMany(s => s.Options)))
        {
            command.Options.Add(option);
        }
    }

    private static HarnessOptions BindStore(ParseResult result, HarnessOptions options)
    {
        var store = StoreCatalog.Get(result.Given(Store, out var name) ? name : options.Store);
        foreach (var other in StoreCatalog.All.Where(s => s != store))
        {
            if (other.Options.FirstOrDefault(result.Given) is { } misplaced)
            {
                throw new ArgumentException(
                    $"{misplaced.Name} does not apply to --store {store.Name}; it is for --store {other.Name} " +
                    $"(--store {store.Name} takes: {string.Join(", ", store.Options.Select(o => o.Name).DefaultIfEmpty("no options of its own"))}).");
            }
        }

        return store.Bind(result, options with { Store = store.Name });
    }

    private static ArgumentException Refusal(ParseResult result)
    {
        var command = result.CommandResult.Command;
        var path = PathOf(command);
        if (IsSuiteGroup(command))
        {
            return new ArgumentException(result.UnmatchedTokens.FirstOrDefault() is { } unknown
                ? $"suite: '{unknown}' is not a suite; valid: {string.Join(", ", Suites)}."
                : $"suite: name the suite to run; valid: {string.Join(", ", Suites)}.");
        }

        var valid = string.Join(", ", command.Options.Where(o => o is not HelpOption).Select(o => o.Name));
        if (result.UnmatchedTokens.FirstOrDefault() is { } token)
        {
            if (!token.StartsWith('-'))
            {
                return new ArgumentException($"{(path.Length > 0 ? path : "the main job")}: unexpected argument '{token}'; see --help.");
            }

            return command is LabVerb verb && IsOptionOfAny(RootOf(command), token)
                ? new ArgumentException($"{path}: {token} has no meaning here ({verb.Why}); valid: {valid}.")
                : new ArgumentException($"Unknown option '{token}'{(path.Length > 0 ? $" for {path}" : "")}. Valid options: {valid}, --help.");
        }

        var error = result.Errors[0];
        var option = error.SymbolResult switch
        {
            OptionResult o => o,
            ArgumentResult { Parent: OptionResult o } => o,
            _ => null,
        };
        return option is { Tokens.Count: 0 }
            ? new ArgumentException($"Option {option.Option.Name} needs a value; see --help.")
            : new ArgumentException(path.Length > 0 && !error.Message.StartsWith(path, StringComparison.Ordinal) && option is null ? $"{path}: {error.Message}" : error.Message);
    }

    private const string SuiteGroup = "suite";

    private static bool IsSuiteGroup(Command command) => command is not LabVerb && command.Name == SuiteGroup;

    private static Command RootOf(Command command) =>
        command.Parents.OfType<Command>().FirstOrDefault() is { } parent ? RootOf(parent) : command;

    private static bool IsOptionOfAny(Command command, string name) =>
        command.Options.Any(o => o.Name == name || o.Aliases.Contains(name)) || command.Subcommands.Any(c => IsOptionOfAny(c, name));

    private static string PathOf(Command command)
    {
        var names = new List<string>();
        for (var c = command; c is not null and not RootCommand; c = c.Parents.OfType<Command>().FirstOrDefault())
        {
            names.Insert(0, c.Name);
        }

        return string.Join(' ', names);
    }
}
