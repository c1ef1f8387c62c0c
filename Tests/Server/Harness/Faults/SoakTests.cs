using EventCommitLab.Harness.Faults;
using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Faults;

/// <summary>The faults suite's soak on a private PostgreSQL of its own, alone in the process (it counts every unobserved task exception).</summary>
[Collection(ProcessWideObserverCollection.Name)]
public sealed class SoakTests : IAsyncLifetime
{
    private OwnPostgres _own = null!;

    public async ValueTask InitializeAsync() => _own = await OwnPostgres.StartAsync("soak");

    public async ValueTask DisposeAsync() => await _own.DisposeAsync();

    [Fact]
    public async Task a_short_soak_of_many_committers_ends_with_a_clean_log_and_every_task_exception_observed()
    {
        var soak = await Soak.RunAsync(StrategyCatalog.Get("BatchingPipeline"), _own.Provider, 300, TimeSpan.FromSeconds(3), CancellationToken.None);

        Assert.True(soak.Failure is null, soak.Failure);
        Assert.True(soak.UnobservedTaskExceptions == 0, $"{soak.UnobservedTaskExceptions} unobserved task exceptions");
        Assert.True(soak.Commits == soak.Acknowledged, $"{soak.Commits - soak.Acknowledged} of {soak.Commits} commits not acknowledged; the first because: {soak.FirstFailureCause}");
        Assert.True(soak.PeakWorkingSetBytes > 0);
        Assert.True(soak.Verification.Passed);
    }
}
