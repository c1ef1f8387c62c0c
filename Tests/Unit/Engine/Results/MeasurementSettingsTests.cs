using EventCommitLab.Engine.Results;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Engine.Results;

public sealed class MeasurementSettingsTests
{
    [Fact]
    public void the_default_job_mirrors_the_race_rounds_of_cells_below_a_hundred_committers_and_runs_made_before_mirrored_none()
    {
        var settings = LabOptions.Parse([], new PostgresStoreConfiguration()).Measurement(true);

        Assert.True(settings.Mirrors(new CellKey(LoadKind.Waves, BenchmarkMethod.CommitEvents, 100, 1)));
        Assert.True(settings.Mirrors(new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitAggregateEvents, 1, 10)));
        Assert.False(settings.Mirrors(new CellKey(LoadKind.Waves, BenchmarkMethod.CommitEvents, 1, 100)));
        Assert.False((settings with { MirroredBelowCommitters = null }).Mirrors(new CellKey(LoadKind.Waves, BenchmarkMethod.CommitEvents, 1, 1)));
    }
}
