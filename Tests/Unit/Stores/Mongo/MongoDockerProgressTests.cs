using EventCommitLab.Stores.Mongo;
using Microsoft.Extensions.Logging;

namespace EventCommitLab.Tests.Stores.Mongo;

public sealed class MongoDockerProgressTests
{
    private sealed class SteppedClock : TimeProvider
    {
        public DateTimeOffset Now { get; set; } = new(2026, 12, 3, 8, 0, 0, TimeSpan.Zero);

        public override DateTimeOffset GetUtcNow() => Now;
    }

    [Fact]
    public void an_image_pull_reported_at_debug_level_reaches_the_progress_lines_thinned_and_warnings_always_pass()
    {
        var lines = new List<string>();
        var clock = new SteppedClock();
        ILogger progress = new MongoDockerProgress(lines.Add, clock);

        progress.LogDebug("Pattern mongo:7.0: downloading 1 of 9");
        progress.LogDebug("Pattern mongo:7.0: downloading 2 of 9");
        clock.Now += TimeSpan.FromSeconds(4);
        progress.LogDebug("Pattern mongo:7.0: downloading 7 of 9");
        progress.LogWarning("Docker is slow");
        progress.LogTrace("nothing a reader needs");

        Assert.Equal(
            ["[mongo/docker] Pattern mongo:7.0: downloading 1 of 9", "[mongo/docker] Pattern mongo:7.0: downloading 7 of 9", "[mongo/docker] Docker is slow"],
            lines);
    }
}
