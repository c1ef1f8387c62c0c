using System.Diagnostics;
using EventCommitLab.Harness.Measurement;

namespace EventCommitLab.Tests.Harness;

public sealed class SustainedWindowTests
{
    [Fact]
    public void only_commits_acknowledged_inside_the_window_are_counted()
    {
        var second = Stopwatch.Frequency;
        var window = new SustainedWindow(start: 10 * second, end: 12 * second);

        Assert.False(window.TryCount(10 * second - 1, commits: 1, events: 100));
        Assert.True(window.TryCount(10 * second, commits: 1, events: 10));
        Assert.True(window.TryCount(11 * second, commits: 2, events: 20));
        Assert.False(window.TryCount(12 * second, commits: 1, events: 100));

        Assert.Equal((30, 3), (window.Events, window.Commits));
        Assert.Equal(15, window.EventsPerSecond, 9);
    }
}
