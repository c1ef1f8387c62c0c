using EventCommitLab.Contract.Port;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Harness.Suites;

namespace EventCommitLab.Harness.Cli;

/// <summary>
/// The harness from its arguments to its exit code: the command line read, the tool, suite or main job it names run,
/// and every way of ending turned into one of <see cref="ExitCodes"/> with one line on the error writer.
/// </summary>
internal static class LabHost
{
    /// <param name="cancellationToken">Ctrl+C or SIGTERM: the run stops, removes what it wrote, and exits <see cref="ExitCodes.Cancelled"/>.</param>
    public static async Task<int> RunAsync(IReadOnlyList<string> args, TextWriter output, TextWriter error, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        try
        {
            // A suite's child (a writer process it starts and kills or measures), never a command line of the lab's.
            if (args.Count > 0 && SuiteCatalog.All.SelectMany(s => s.Children).FirstOrDefault(c => c.Verb == args[0]) is { } child)
            {
                return await child.RunAsync([.. args.Skip(1)]).ConfigureAwait(false);
            }

            var options = HarnessOptions.Parse(args);
            if (options.ShowHelp)
            {
                LabCommandLine.WriteHelp(args, output);
                return ExitCodes.Verified;
            }

            var commandLine = LabCommandLine.Echo(args);
            return options switch
            {
                { Verb: CompareCommand.Name } => CompareCommand.Run(options.VerbArguments, options.Out, output),
                { Verb: IndexCommand.Name } => IndexCommand.Run(output),
                { Verb: StallsCommand.Name } => StallsCommand.Run(options.VerbArguments, output),
                { Verb: PlanFitCommand.Name } => PlanFitCommand.Run(options.VerbArguments, output),
                { Verb: ListCommand.Name } => ListCommand.Run(options.VerbArguments[0], output),
                { Verb: ReportCommand.Name } => ReportCommand.Run(options.VerbArguments, output),
                { Suite: { } suite } => await SuiteCatalog.Get(suite).RunAsync(options, commandLine, output, cancellationToken).ConfigureAwait(false),
                _ => await LabRunner.RunAsync(options, commandLine, output, cancellationToken).ConfigureAwait(false),
            };
        }
        // First: a store reports a write cancelled in flight as one of unknown outcome, which is no failure of a cancelled run.
        catch (Exception e) when (CancelledBy.Explains(e, cancellationToken))
        {
            await error.WriteLineAsync("cancelled: nothing was written, and the private server has been stopped and removed.").ConfigureAwait(false);
            return ExitCodes.Cancelled;
        }
        catch (Exception e) when (e is ArgumentException or StoreSetupException)
        {
            await error.WriteLineAsync($"error: {e.Message}").ConfigureAwait(false);
            return ExitCodes.BadInput;
        }
        catch (StoreLostException e)
        {
            await error.WriteLineAsync($"error: {e.Message}").ConfigureAwait(false);
            return ExitCodes.StoreLost;
        }
        catch (PagesNotWrittenException e)
        {
            await error.WriteLineAsync($"error: {e.Message}").ConfigureAwait(false);
            return ExitCodes.HarnessFailed;
        }
        catch (Exception e)
        {
            await error.WriteLineAsync($"error: the harness failed unexpectedly; nothing was written. {e}").ConfigureAwait(false);
            return ExitCodes.HarnessFailed;
        }
    }
}
