using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Results;
using EventCommitLab.Harness.Statistics;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Harness.Measurement;

/// <summary>
/// One cell, every contender side by side: each gets its own fresh log and a warmup, then the rounds interleave them
/// (the store settled before each measured turn), then each is stopped and checked. Contenders far slower than the
/// best after the first round sit out the rest, which the summary says.
/// </summary>
internal static class CellRunner
{
    public static async Task<(IReadOnlyList<CaseResult> Cases, IReadOnlyList<StrategyClaims> Claims)> RunAsync(
        CellKey cell, IEventStoreProvider provider, HarnessOptions options, MeasurementSettings settings, Action<string> progress, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(cell);
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(progress);
        (string Name, StrategyRegistration? Registration)[] contenders = [.. options.Strategies.Select(s => (s.Name, (StrategyRegistration?)s)), (CeilingContender.ContenderName, null)];
        var cases = new List<ContenderCase>();
        var notRun = new List<CaseResult>();
        try
        {
            foreach (var (name, registration) in contenders)
            {
                cancellationToken.ThrowIfCancellationRequested();
                try
                {
                    if (await ContenderCase.StartAsync(cell, registration, provider, options, settings, cancellationToken).ConfigureAwait(false) is { } started)
                    {
                        cases.Add(started);
                    }
                }
                catch (Exception e) when (!cancellationToken.IsCancellationRequested)
                {
                    notRun.Add(CaseResult.NotRun(cell, name, registration is null, $"setup failed: {FailureCause.Of(e)}"));
                }
            }

            var seed = HashCode.Combine(cell.Load, cell.Method, cell.NumberOfEvents, cell.ConcurrentBatches) & int.MaxValue;
            for (var round = 0; round < settings.Rounds; round++)
            {
                foreach (var index in RoundOrder.For(round, cases.Count, seed))
                {
                    cancellationToken.ThrowIfCancellationRequested();
                    if (settings.CheckpointBeforeRounds)
                    {
                        await provider.SettleAsync(cancellationToken).ConfigureAwait(false);
                    }

                    await cases[index].MeasureRoundAsync(settings).ConfigureAwait(false);
                }

                if (round == 0)
                {
                    StopTheFarSlower(cases, settings.EarlyStopFactor, progress);
                }
            }

            var claims = cases.Where(c => c.Contender.Guarantees is not null)
                .Select(c => c.Contender.Guarantees is { } g ? new StrategyClaims(c.Contender.Name, g.AtomicMultiEventCommit, g.GapFreeSequence, g.ContiguousCommit, g.SafeWithSeveralWriterProcesses, g.OrderedVisibility, g.HorizonOrderedVisibility) : null)
                .OfType<StrategyClaims>().ToArray();
            var results = new List<CaseResult>(notRun);
            foreach (var contender in cases)
            {
                results.Add(await contender.FinishAsync().ConfigureAwait(false));
            }

            cases.Clear();
            var ordered = new List<CaseResult>();
            foreach (var (name, _) in contenders)
            {
                // A strategy that does not take the cell's commits has no case in it (the tables say "not run").
                if (results.FirstOrDefault(r => r.Contender == name) is { } result)
                {
                    ordered.Add(result);
                }
            }

            return (CellAnalysis.Analyse(ordered), claims);
        }
        finally
        {
            // Only after a cancellation or an unexpected error: the logs are removed either way.
            foreach (var contender in cases)
            {
                await contender.FinishAsync().ConfigureAwait(false);
            }
        }
    }

    private static void StopTheFarSlower(List<ContenderCase> cases, double factor, Action<string> progress)
    {
        var best = cases.Where(c => !c.Contender.IsCeiling).Select(c => c.LatestRound).OfType<double>().DefaultIfEmpty(0).Max();
        foreach (var slow in cases.Where(c => !c.Contender.IsCeiling && !c.Failed && c.LatestRound is { } eps && eps * factor < best))
        {
            slow.StopEarly();
            progress($"{slow.Contender.Name} stopped after round 1: {slow.LatestRound:N0} events/s, more than {factor:0}x below the best ({best:N0})");
        }
    }
}
