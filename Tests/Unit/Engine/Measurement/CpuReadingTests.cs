using EventCommitLab.Engine.Measurement;

namespace EventCommitLab.Tests.Engine.Measurement;

public sealed class CpuReadingTests
{
    [Fact]
    public void the_share_is_the_process_time_over_the_machines_busy_time_between_two_readings_summed_over_rounds()
    {
        var first = new CpuReading(TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(3)).Since(CpuReading.Zero);
        var second = new CpuReading(TimeSpan.FromSeconds(5), TimeSpan.FromSeconds(20)).Since(new CpuReading(TimeSpan.FromSeconds(4), TimeSpan.FromSeconds(15)));

        Assert.Equal(0.25, (CpuReading.Zero + first + second).Share);
    }

    [Fact]
    public void without_the_machines_time_or_with_none_passed_there_is_no_share()
    {
        Assert.Null((CpuReading.Zero + new CpuReading(TimeSpan.FromSeconds(1), null)).Share);
        Assert.Null(CpuReading.Zero.Share);
    }

    [Fact]
    public void on_linux_a_reading_has_the_machines_busy_time_and_a_busy_process_takes_a_share_of_it()
    {
        Assert.SkipUnless(OperatingSystem.IsLinux(), "/proc/stat is Linux's");
        var start = CpuReading.Now();
        var until = DateTime.UtcNow.AddMilliseconds(300);
        var spin = 0L;
        while (DateTime.UtcNow < until)
        {
            spin++;
        }

        var share = CpuReading.Now().Since(start).Share;

        Assert.True(spin > 0);
        Assert.NotNull(start.MachineBusy);
        Assert.InRange(share!.Value, 0.05, 1);
    }
}
