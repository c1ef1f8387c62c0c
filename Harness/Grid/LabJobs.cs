using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using EventCommitLab.Harness.Cli;
using Perfolizer.Horology;

namespace EventCommitLab.Harness.Grid;

/// <summary>
/// The BenchmarkDotNet jobs behind --job. All run in this process (the in-process emit toolchain): the cases share
/// the store the harness started, and no project is generated and built per case, which a 20-minute grid cannot afford.
/// </summary>
internal static class LabJobs
{
    // Our own per-case limit (--case-timeout) ends a case long before this; it only keeps BenchmarkDotNet from
    // giving up on a slow but healthy case first.
    private static readonly InProcessEmitToolchain Toolchain = new(TimeSpan.FromHours(2), logOutput: true);

    public static Job For(LabJob job) => job switch
    {
        LabJob.Quick => Job.Default.WithToolchain(Toolchain).WithLaunchCount(1).WithWarmupCount(1).WithIterationCount(5)
            .WithIterationTime(TimeInterval.FromMilliseconds(100)).WithId("quick"),
        LabJob.Precise => Job.Default.WithToolchain(Toolchain).WithLaunchCount(1).WithWarmupCount(3).WithIterationCount(15)
            .WithIterationTime(TimeInterval.FromMilliseconds(500)).WithId("precise"),
        LabJob.Dry => Job.Dry.WithToolchain(Toolchain).WithId("dry"),
        _ => throw new ArgumentOutOfRangeException(nameof(job), job, "Unknown job."),
    };

    public static string Describe(LabJob job) => job switch
    {
        LabJob.Quick => "quick: in-process, 1 launch, 1 warmup + 5 measured iterations of at least 100 ms",
        LabJob.Precise => "precise: in-process, 1 launch, 3 warmups + 15 measured iterations of at least 500 ms",
        LabJob.Dry => "dry: in-process, one cold iteration (smoke runs only; not for numbers)",
        _ => job.ToString(),
    };
}
