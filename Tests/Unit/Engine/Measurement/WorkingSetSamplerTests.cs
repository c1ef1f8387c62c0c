using EventCommitLab.Engine.Measurement;

namespace EventCommitLab.Tests.Engine.Measurement;

public sealed class WorkingSetSamplerTests
{
    [Fact]
    public async Task the_peak_is_the_resident_memory_the_runtime_reports_for_this_process()
    {
        var sampler = WorkingSetSampler.Start(TimeSpan.FromMilliseconds(5));
        await Task.Delay(50, TestContext.Current.CancellationToken);
        await sampler.DisposeAsync();
        var runtime = Environment.WorkingSet;

        // Both read the same kernel figure; the runtime's, read later, may have grown or shrunk a little since.
        Assert.InRange(sampler.PeakBytes, runtime / 2, runtime * 2);
    }

    [Fact]
    public async Task a_sampler_disposed_before_its_task_ever_ran_still_reports_the_resident_memory()
    {
        var sampler = WorkingSetSampler.Start(TimeSpan.FromMilliseconds(5));
        await sampler.DisposeAsync();

        Assert.InRange(sampler.PeakBytes, Environment.WorkingSet / 2, Environment.WorkingSet * 2);
    }
}
