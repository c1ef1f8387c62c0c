using System.Diagnostics;
using System.Globalization;
using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;
using EventCommitLab.Peers.AkkaJournal;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Journal;

/// <summary>
/// One workload of the journal suite: its contenders raced iteration by iteration (a warm-up, the qualifying round, then
/// race rounds until decided), each iteration's time limit kept, and every stream each wrote read back.
/// </summary>
internal static class JournalWorkloadRace
{
    /// <summary>Races <paramref name="contenders"/> through <paramref name="workload"/>, <paramref name="pinned"/> to the end, and reads every stream back.</summary>
    /// <param name="seed">The race's round order seed: the workload's index, so every run orders its turns alike.</param>
    public static async Task<JournalWorkloadRun> RunAsync(
        JournalWorkload workload, int seed, IReadOnlyList<IJournalContender> contenders, IReadOnlyList<string> pinned, IEventStoreProvider provider,
        JournalSuiteSettings settings, TextWriter console, CancellationToken cancellationToken)
    {
        var failures = new Dictionary<string, string>();
        var written = contenders.ToDictionary(c => c.Name, _ => new Dictionary<string, int>());
        var turns = contenders.ToDictionary(c => c.Name, _ => 0);
        var byName = contenders.ToDictionary(c => c.Name);
        string[] Streams(string prefix) => [.. Enumerable.Range(1, workload.Actors).Select(a => string.Create(CultureInfo.InvariantCulture, $"{workload.Name}-{prefix}-{a}"))];
        if (workload.Recovers)
        {
            // Written once, untimed, in groups of 50 (the fastest way each offers); every iteration replays the same streams.
            var streams = Streams("recovered");
            foreach (var contender in contenders)
            {
                await contender.PersistAsync(streams, PersistMode.PersistAll, workload.MessagesPerActor, cancellationToken).ConfigureAwait(false);
                foreach (var stream in streams)
                {
                    written[contender.Name][stream] = workload.MessagesPerActor;
                }
            }
        }

        var race = new Race(
            [.. contenders.Select(c => new RaceEntrant(c.Name, [workload.Name], pinned.Contains(c.Name)))], [new RaceGroup(workload.Name, MustDecide: true)], settings.Race);
        var runner = new RaceRunner(race, TurnAsync, seed, round => console.WriteLine(round == 0
            ? "      qualifying round (a warm-up: every contender races on)"
            : string.Create(CultureInfo.InvariantCulture, $"      race round {round} of at most {settings.Race.MaximumRounds}: {string.Join(", ", race.Running)}")));
        if (settings.Warmups > 1)
        {
            console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"      {settings.Warmups - 1} warm-up iteration(s) before the qualifying round"));
        }

        await runner.WarmUpAsync(settings.Warmups - 1, cancellationToken).ConfigureAwait(false);
        await runner.QualifyAsync(cancellationToken).ConfigureAwait(false);
        await runner.RunAsync(cancellationToken).ConfigureAwait(false);

        var cells = new List<JournalCell>();
        var broken = new Dictionary<string, IReadOnlyList<string>>();
        foreach (var contender in contenders)
        {
            broken[contender.Name] = await contender.VerifyAsync(written[contender.Name], cancellationToken).ConfigureAwait(false);
            var completed = race.RoundsOf(contender.Name).OfType<double>().ToArray();
            var kept = JournalStatistics.WithoutOutliers(completed);
            var cell = new JournalCell(
                workload.Name, contender.Name, completed, kept, kept.Count == 0 ? null : RoundStatistics.Median([.. kept]),
                failures.GetValueOrDefault(contender.Name), broken[contender.Name], written[contender.Name].Count, race.Exits.GetValueOrDefault(contender.Name));
            console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"      {contender.Name}: {(cell.MessagesPerSecond is { } m ? $"{m.Estimate:N0} msg/s over {completed.Length} rounds" : "no figure")}; {cell.StreamsChecked} streams read back, {(cell.Broken.Count == 0 ? "all exact" : $"{cell.Broken.Count} BROKEN: {cell.Broken[0]}")}"));
            cells.Add(cell);
        }

        var verdict = RaceVerdict.Of(race, workload.Name, name => broken[name].Count > 0 ? "streams read back wrong" : failures.GetValueOrDefault(name));
        console.WriteLine($"      {race.Rounds} race rounds, {RaceEnds.Describe(race.End)}: {(verdict is null ? "no verdict" : VerdictText.Of(verdict))}");
        return new JournalWorkloadRun(cells, verdict is null ? null : new JournalVerdict(workload.Name, verdict), race);

        async Task<double?> TurnAsync(string name, bool qualifying)
        {
            if (failures.ContainsKey(name))
            {
                return null;
            }

            var contender = byName[name];
            var turn = turns[name]++;
            var streams = workload.Recovers ? Streams("recovered") : Streams(string.Create(CultureInfo.InvariantCulture, $"i{turn}"));
            await provider.SettleAsync(cancellationToken).ConfigureAwait(false);
            using var limit = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            limit.CancelAfter(settings.IterationLimit);
            var watch = Stopwatch.StartNew();
            try
            {
                var work = workload.Recovers
                    ? contender.RecoverAsync(streams, workload.MessagesPerActor, limit.Token)
                    : contender.PersistAsync(streams, workload.Mode, workload.MessagesPerActor, limit.Token);
                await work.ConfigureAwait(false);
                watch.Stop();
            }
            catch (Exception) when (limit.IsCancellationRequested && !cancellationToken.IsCancellationRequested)
            {
                // The limit fired: whatever it surfaced as (a cancellation, or a commit whose outcome the cancelled
                // attempt could not learn), the iteration ran out of time.
                failures[name] = string.Create(CultureInfo.InvariantCulture, $"timed out: iteration {turn + 1} passed {settings.IterationLimit.TotalSeconds:0} s");
            }
            catch (Exception e) when (e is not OperationCanceledException)
            {
                failures[name] = string.Create(CultureInfo.InvariantCulture, $"iteration {turn + 1} failed: {e.GetType().Name}: {e.Message}");
            }

            if (failures.TryGetValue(name, out var failure))
            {
                console.WriteLine($"      {name}: {failure}");
                return null;
            }

            if (!workload.Recovers)
            {
                foreach (var stream in streams)
                {
                    written[name][stream] = workload.MessagesPerActor;
                }
            }

            return workload.Messages / watch.Elapsed.TotalSeconds;
        }
    }
}
