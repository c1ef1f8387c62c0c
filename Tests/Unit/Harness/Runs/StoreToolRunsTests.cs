using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Tests.Engine;

namespace EventCommitLab.Tests.Harness.Runs;

public sealed class StoreToolRunsTests
{
    private static readonly CellKey One = new(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 100, 1);
    private static readonly CellKey Ten = new(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 100, 10);

    [Fact]
    public void each_cell_takes_turns_with_the_ceilings_writer_its_race_found_fastest_and_a_cell_without_a_measured_ceiling_is_left_out()
    {
        CaseResult[] cases =
        [
            Ceiling("Ceiling:OneGroup", One, 900),
            Ceiling("Ceiling:PerCommit", One, 1000),
            Ceiling("Ceiling:InFlight", One, 1100) with { Failure = "TimeoutException in WriteRawAsync: timed out" },
            SampleRuns.Case("InsertMany", 1, SampleRuns.Rounds(5000), load: LoadKind.Sustained, numberOfEvents: 100),
        ];

        var cells = StoreToolRuns.WithCeilings([One, Ten], cases);

        Assert.Equal([(One, "Ceiling:PerCommit")], cells);
    }

    private static CaseResult Ceiling(string variant, CellKey cell, double rate)
    {
        var measured = SampleRuns.Case("Ceiling", cell.Committers, SampleRuns.Rounds(rate), load: cell.Load, numberOfEvents: cell.NumberOfEvents);
        return measured with { Contender = variant, Race = measured.Race with { EventsPerSecond = new Interval(rate, rate * 0.9, rate * 1.1, 5) } };
    }
}
