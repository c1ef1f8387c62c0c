using EventCommitLab.Harness.Reads;

namespace EventCommitLab.Tests.Dcb;

/// <summary>The reads suite's throttle: it never lets a reader ahead of its rate.</summary>
public sealed class DcbReadTests
{

    [Fact]
    public void the_throttle_makes_a_reader_wait_until_its_next_page_fits_under_the_rate()
    {
        var throttle = new ReadThrottle(10_000);

        Assert.Equal(TimeSpan.FromMilliseconds(100), throttle.WaitBefore(0, 1_000, TimeSpan.Zero));
        Assert.Equal(TimeSpan.FromMilliseconds(150), throttle.WaitBefore(1_000, 1_000, TimeSpan.FromMilliseconds(50)));
        Assert.Equal(TimeSpan.Zero, throttle.WaitBefore(1_000, 1_000, TimeSpan.FromMilliseconds(250)));
        Assert.Throws<ArgumentOutOfRangeException>(() => new ReadThrottle(0));
    }

    [Fact]
    public void a_throttled_reader_on_any_schedule_never_has_read_more_than_the_rate_allows()
    {
        var throttle = new ReadThrottle(10_000);
        var random = new Random(5);
        var elapsed = TimeSpan.Zero;
        long read = 0;
        for (var page = 0; page < 1_000; page++)
        {
            var size = 1 + random.Next(1_000);
            elapsed += throttle.WaitBefore(read, size, elapsed);
            read += size;
            Assert.True(read <= throttle.EventsPerSecond * elapsed.TotalSeconds + 1e-6, $"{read} events read at {elapsed}");
            // Reading the page takes between nothing and 20 ms.
            elapsed += TimeSpan.FromMilliseconds(random.Next(20));
        }
    }
}
