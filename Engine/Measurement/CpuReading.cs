using System.Globalization;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// CPU time used so far by this process and by the whole machine. The lab shares its cores with the database it
/// measures, so every cycle the harness spends is one the database did not get: the share says how much of the work
/// on the machine was the harness's own.
/// </summary>
/// <param name="Process">This process's user and kernel time.</param>
/// <param name="MachineBusy">Every core's time not idle (user, nice, system, interrupts), from /proc/stat; null where the machine does not say.</param>
internal readonly record struct CpuReading(TimeSpan Process, TimeSpan? MachineBusy)
{
    // /proc/stat counts in USER_HZ, which Linux fixes at 100 for what user space reads.
    private const double TicksPerSecond = 100;

    /// <summary>No time: where sums of differences start.</summary>
    public static CpuReading Zero { get; } = new(TimeSpan.Zero, TimeSpan.Zero);

    public static CpuReading Now() => new(Environment.CpuUsage.TotalTime, MachineBusyTime());

    /// <summary>The time between two readings, <paramref name="from"/> to this one.</summary>
    public CpuReading Since(CpuReading from) => new(Process - from.Process, MachineBusy - from.MachineBusy);

    public static CpuReading operator +(CpuReading left, CpuReading right) => new(left.Process + right.Process, left.MachineBusy + right.MachineBusy);

    /// <summary>This process's share of the machine's busy time, for a reading that is a difference; null where the machine's time is not known or none passed.</summary>
    public double? Share => MachineBusy is { TotalSeconds: > 0 } busy ? Math.Min(1, Process / busy) : null;

    private static TimeSpan? MachineBusyTime()
    {
        try
        {
            // The first line sums every core: "cpu user nice system idle iowait irq softirq steal guest guest_nice".
            var fields = File.ReadLines("/proc/stat").First().Split(' ', StringSplitOptions.RemoveEmptyEntries);
            if (fields[0] != "cpu" || fields.Length < 8)
            {
                return null;
            }

            long Field(int i) => long.Parse(fields[i], CultureInfo.InvariantCulture);
            return TimeSpan.FromSeconds((Field(1) + Field(2) + Field(3) + Field(6) + Field(7)) / TicksPerSecond);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException)
        {
            return null;
        }
    }
}
