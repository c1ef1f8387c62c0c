using System.Diagnostics;
using EventCommitLab.Engine.Measurement;

namespace EventCommitLab.Tests.Engine.Measurement;

public sealed class SustainedWindowTests
{
    private static readonly long Second = Stopwatch.Frequency;

    [Fact]
    public void only_commits_acknowledged_inside_the_window_are_counted()
    {
        var window = new SustainedWindow(start: 10 * Second, plannedEnd: 12 * Second, minimumCommits: 2);

        Assert.False(window.TryCount(10 * Second - 1, commits: 1, events: 100));
        Assert.True(window.TryCount(10 * Second, commits: 1, events: 10));
        Assert.True(window.TryCount(11 * Second, commits: 2, events: 20));
        Assert.False(window.TryCount(12 * Second, commits: 1, events: 100));
        Assert.False(window.IsOpen(12 * Second));

        Assert.Equal((30, 3), (window.Events, window.Commits));
        Assert.Equal(20, window.EventsPerSecond, 9);
    }

    [Fact]
    public void a_window_short_of_its_minimum_stays_open_until_the_acknowledgement_that_completes_it()
    {
        var window = new SustainedWindow(start: 0, plannedEnd: 1 * Second, minimumCommits: 3);

        Assert.True(window.TryCount(Second / 2, commits: 1, events: 100));
        Assert.True(window.IsOpen(2 * Second));
        Assert.True(window.TryCount(3 * Second, commits: 1, events: 100));
        Assert.True(window.TryCount(4 * Second, commits: 1, events: 100));
        Assert.False(window.TryCount(4 * Second + 1, commits: 1, events: 100));
        Assert.False(window.IsOpen(4 * Second + 1));

        Assert.Equal((300, 3), (window.Events, window.Commits));
        Assert.Equal(200 / 3.5, window.EventsPerSecond, 6);
    }

    [Fact]
    public void a_batcher_answering_whole_batches_is_measured_between_its_first_and_last_answer_not_rounded_to_whole_batches()
    {
        // A batch of 1 000 events every 0.3 s, the window's edges falling inside batches: 3 333 events/s.
        var window = new SustainedWindow(start: 0, plannedEnd: 1 * Second, minimumCommits: 1);
        foreach (var answered in new[] { 0.25, 0.55, 0.85, 1.15 })
        {
            window.TryCount((long)(answered * Second), commits: 100, events: 1000);
        }

        Assert.Equal((3000, 300), (window.Events, window.Commits));
        Assert.Equal(1000 / 0.3, window.EventsPerSecond, 6);
    }

    [Fact]
    public void a_window_that_cannot_reach_its_minimum_ends_after_ten_planned_windows()
    {
        var window = new SustainedWindow(start: 0, plannedEnd: 1 * Second, minimumCommits: 100);

        Assert.True(window.TryCount(5 * Second, commits: 1, events: 10));
        Assert.True(window.IsOpen(9 * Second));
        Assert.False(window.IsOpen(10 * Second));
        Assert.False(window.TryCount(11 * Second, commits: 1, events: 10));

        Assert.Equal((10, 10 * Second), (window.Events, window.End));
        Assert.Equal(1, window.EventsPerSecond, 9);
    }
}
