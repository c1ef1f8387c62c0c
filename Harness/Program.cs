using EventCommitLab.Contract.Port;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Measurement;

using var cancellation = new CancellationTokenSource();
Console.CancelKeyPress += (_, e) =>
{
    // Stop gracefully so that the private server is stopped and its folder removed; a second Ctrl+C kills.
    e.Cancel = !cancellation.IsCancellationRequested;
    cancellation.Cancel();
};
using var terminate = System.Runtime.InteropServices.PosixSignalRegistration.Create(
    System.Runtime.InteropServices.PosixSignal.SIGTERM, context =>
    {
        context.Cancel = true;
        cancellation.Cancel();
    });

try
{
    if (args.Length > 0 && args[0] == EventCommitLab.Harness.Faults.WriterProcess.Verb)
    {
        return await EventCommitLab.Harness.Faults.WriterProcess.RunChildAsync([.. args.Skip(1)]);
    }

    var options = HarnessOptions.Parse(args);
    if (options.ShowHelp)
    {
        LabCommandLine.WriteHelp(args, Console.Out);
        return 0;
    }

    if (options.Verb == "compare")
    {
        return CompareCommand.Run(options.VerbArguments, options.Out, Console.Out);
    }

    if (options.Verb == "index")
    {
        return IndexCommand.Run(Console.Out);
    }

    if (options.Verb == "list")
    {
        return ListCommand.Run(options.VerbArguments[0], Console.Out);
    }

    if (options.Verb == "report")
    {
        return ReportCommand.Run(options.VerbArguments, Console.Out);
    }

    if (options.Verb == "faults")
    {
        return await EventCommitLab.Harness.Faults.FaultsRunner.RunAsync(
            options, "dotnet run -c Release --project Harness -- faults" + (args.Length > 1 ? " " + string.Join(' ', args.Skip(1)) : ""), Console.Out, cancellation.Token);
    }

    if (options is { Verb: "sweep", Sweep: { } sweep })
    {
        return await EventCommitLab.Harness.Sweep.SweepSuite.RunAsync(
            options, sweep, "dotnet run -c Release --project Harness -- " + string.Join(' ', args), Console.Out, cancellation.Token);
    }

    if (options is { Verb: "seed", Seed: { } seed })
    {
        return await EventCommitLab.Harness.Seed.SeedSuite.RunAsync(
            options, seed, "dotnet run -c Release --project Harness -- " + string.Join(' ', args), Console.Out, cancellation.Token);
    }

    if (options.Verb == "pipeline")
    {
        return await EventCommitLab.Harness.Pipeline.PipelineSuite.RunAsync(
            options, "dotnet run -c Release --project Harness -- pipeline" + (args.Length > 1 ? " " + string.Join(' ', args.Skip(1)) : ""), Console.Out, cancellation.Token);
    }

    if (options.Verb == "suite")
    {
        var commandLine = "dotnet run -c Release --project Harness -- " + string.Join(' ', args);
        return await (options switch
        {
            { Raw: { } raw } => EventCommitLab.Harness.Raw.RawSuite.RunAsync(options, raw, commandLine, Console.Out, cancellation.Token),
            { Tags: { } tags } => EventCommitLab.Harness.Tags.TagsSuite.RunAsync(options, tags, commandLine, Console.Out, cancellation.Token),
            { Dcb: { } dcb } => EventCommitLab.Harness.Dcb.DcbSuite.RunAsync(options, dcb, commandLine, Console.Out, cancellation.Token),
            { Reads: { } reads } => EventCommitLab.Harness.Reads.ReadsSuite.RunAsync(options, reads, commandLine, Console.Out, cancellation.Token),
            { Journal: { } journal } => EventCommitLab.Harness.Journal.JournalSuite.RunAsync(options, journal, commandLine, Console.Out, cancellation.Token),
            _ => throw new InvalidOperationException("suite: the options name a suite but carry no settings for it."),
        });
    }

    return await LabRunner.RunAsync(options, "dotnet run -c Release --project Harness" + (args.Length > 0 ? " -- " + string.Join(' ', args) : ""), Console.Out, cancellation.Token);
}
catch (ArgumentException e)
{
    Console.Error.WriteLine($"error: {e.Message}");
    return ExitCodes.BadInput;
}
catch (StoreSetupException e)
{
    Console.Error.WriteLine($"error: {e.Message}");
    return ExitCodes.BadInput;
}
catch (StoreLostException e)
{
    Console.Error.WriteLine($"error: {e.Message}");
    return ExitCodes.StoreLost;
}
catch (PagesNotWrittenException e)
{
    Console.Error.WriteLine($"error: {e.Message}");
    return ExitCodes.HarnessFailed;
}
catch (OperationCanceledException) when (cancellation.IsCancellationRequested)
{
    Console.Error.WriteLine("cancelled: nothing was written, and the private server has been stopped and removed.");
    return ExitCodes.Cancelled;
}
catch (Exception e)
{
    Console.Error.WriteLine($"error: the harness failed unexpectedly; nothing was written. {e}");
    return ExitCodes.HarnessFailed;
}
